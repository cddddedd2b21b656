import { AppError } from '@shared/errors';
import type { ConnectionCheck } from '@shared/accounts/account';
import { failureWords } from '@shared/people-words/failure-words';

/** The few calls a connection test needs; the real status page client satisfies this. */
export interface ConnectionProbeClient {
  hello(): Promise<unknown>;
  getPageStatus(subdomain: string): Promise<unknown>;
  listServices(subdomain: string): Promise<unknown>;
  listStatusPages(organizationId: string): Promise<unknown>;
}

type Step = ConnectionCheck['steps'][number];
type Failure = NonNullable<ConnectionCheck['failure']>;

function codeOf(error: unknown): string {
  return error instanceof AppError ? error.code : 'internal';
}

/** Why a step failed, in people's words (no operation or path). */
function reasonOf(error: unknown): string {
  return failureWords(error).why;
}

/** What a passing key check proves, and what it does not: it reads, so a read-only key passes it too. */
const READ_ONLY_NOTE = 'Test connection only reads: a read-only key passes it too, and a write with one is refused when it is sent.';

/**
 * "Test connection": GET /hello proves the server is this API; one key-protected read (the page's services)
 * proves the key and the page; with an organization, listing its pages proves the organization. Each step is
 * named by what it checked, in people's words, and so is each failure. Nothing is written: the answer says so.
 */
export async function checkConnection(
  client: ConnectionProbeClient,
  target: { subdomain: string; organizationId?: string | undefined; hasKey: boolean },
): Promise<ConnectionCheck> {
  const steps: Step[] = [];
  const failed = (failure: Failure, message: string): ConnectionCheck => ({ ok: false, failure, message, steps });

  try {
    await client.hello();
    steps.push({ name: 'Reach the server', ok: true, detail: 'It answers as a Status Page API.' });
  } catch (error) {
    steps.push({ name: 'Reach the server', ok: false, detail: reasonOf(error) });
    const code = codeOf(error);
    if (code === 'network' || code === 'timeout') return failed('unreachable', `The server cannot be reached: ${reasonOf(error)}`);
    if (code === 'rate_limited') return failed('rate_limited', 'The server says too many requests; try again in a few seconds.');
    if (code === 'http' && (error as AppError).status !== undefined && (error as AppError).status! >= 500) {
      return failed('server_error', `The server has a problem: ${reasonOf(error)}`);
    }
    return failed('not_an_api', `Something answered, but it is not the status page API: ${reasonOf(error)}`);
  }

  if (!target.hasKey) {
    try {
      await client.getPageStatus(target.subdomain);
      steps.push({ name: `Find the page "${target.subdomain}"`, ok: true, detail: 'The page exists.' });
    } catch (error) {
      steps.push({ name: `Find the page "${target.subdomain}"`, ok: false, detail: reasonOf(error) });
      if (codeOf(error) === 'not_found') return failed('unknown_page', `There is no status page "${target.subdomain}" on this server.`);
      return failed('server_error', reasonOf(error));
    }
    return {
      ok: true,
      failure: 'no_key',
      message: `Connected to "${target.subdomain}". No API key is stored, so only public reads will work.`,
      steps,
    };
  }

  try {
    await client.listServices(target.subdomain);
    steps.push({
      name: `Read the services of "${target.subdomain}" with the key`,
      ok: true,
      detail: 'The key may read this page (a read only: writing is not tried).',
    });
  } catch (error) {
    steps.push({ name: `Read the services of "${target.subdomain}" with the key`, ok: false, detail: reasonOf(error) });
    switch (codeOf(error)) {
      case 'unauthorized':
        return failed('wrong_key', 'The server rejected the API key (401). Check the key on your account or organization page.');
      case 'forbidden':
        return failed('forbidden', `The key is valid but may not read "${target.subdomain}" (403).`);
      case 'not_found':
        return failed('unknown_page', `There is no status page "${target.subdomain}" on this server.`);
      case 'network':
      case 'timeout':
        return failed('unreachable', `The server stopped answering: ${reasonOf(error)}`);
      case 'rate_limited':
        return failed('rate_limited', 'The server says too many requests; try again in a few seconds.');
      default:
        return failed('server_error', reasonOf(error));
    }
  }

  if (target.organizationId) {
    try {
      await client.listStatusPages(target.organizationId);
      steps.push({ name: `Read the pages of organization ${target.organizationId}`, ok: true, detail: 'The organization is reachable.' });
    } catch (error) {
      steps.push({ name: `Read the pages of organization ${target.organizationId}`, ok: false, detail: reasonOf(error) });
      const code = codeOf(error);
      if (code === 'not_found') return failed('unknown_organization', `There is no organization ${target.organizationId} on this server.`);
      if (code === 'forbidden' || code === 'unauthorized') {
        return failed('forbidden', `The key may not act on organization ${target.organizationId}.`);
      }
      return failed('server_error', reasonOf(error));
    }
  }

  return { ok: true, message: `Connected to "${target.subdomain}" with the stored key. ${READ_ONLY_NOTE}`, steps };
}
