import { isTempId } from '@shared/outbox/temp-id';
import { normalizePageSummary, type NormalizedService } from '@shared/statuspal/normalize';
import { AppError } from '@shared/errors';
import { StatusPageApiError } from '@core/statuspal-client/errors';
import type { CallOptions, StatusPageClient } from '@core/statuspal-client/client';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';
import type { PageItem, PageItemKind } from './page-item-kind';

/*
 * What a write command checks on the server before it queues anything, when the server can be reached: the
 * item it writes to exists, and the services it names are the page's. A write that cannot succeed is refused
 * (exit 2) and nothing is kept. When the server cannot be reached the check is skipped: the write is queued,
 * and the server has the last word when it is sent.
 */

/** One quick look: no retries, a short wait. A server that does not answer in this time is treated as unreachable. */
const CHECK: CallOptions = { retries: 0, timeoutMs: 8_000 };

/** The server could not be asked (unreachable, slow, overloaded): the check says nothing either way. */
function cannotTell(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'network' || error.code === 'timeout' || error.code === 'rate_limited' || (error.status ?? 0) >= 500);
}

/** An item by its server id must be on the page before an update, a resolve or a delete is queued for it. */
export async function checkItemOnServer(ctx: CliContext, kind: PageItemKind<PageItem>, subdomain: string, id: number | string): Promise<void> {
  if (typeof id !== 'number') return; // a temp id: its create is in the outbox, and the outbox maps it
  try {
    await kind.get(ctx.client(subdomain), subdomain, id, CHECK);
  } catch (error) {
    if (error instanceof StatusPageApiError && error.status === 404) {
      throw new CliUsageError(
        `there is no ${kind.noun} #${id} on page ${subdomain} (the server answered 404): check the id (statusdesk ${kind.group} list ${subdomain}); nothing was sent or kept`,
      );
    }
    if (cannotTell(error)) return;
    throw error;
  }
}

function flatten(services: NormalizedService[]): NormalizedService[] {
  return services.flatMap((service) => [service, ...flatten(service.children)]);
}

/** The page's services by id: every one with the key (hidden ones too), else the public summary's; null when the server cannot be asked. */
async function knownServices(client: StatusPageClient, subdomain: string): Promise<Map<number, string> | null> {
  const known = new Map<number, string>();
  try {
    for await (const page of client.pages('listServices', { subdomain }, CHECK)) for (const service of page.items) known.set(service.id, service.name);
    return known;
  } catch (error) {
    if (cannotTell(error)) return null;
    if (!(error instanceof AppError) || (error.code !== 'unauthorized' && error.code !== 'forbidden')) throw error;
  }
  try {
    for (const service of flatten(normalizePageSummary(await client.getPageSummary({ subdomain }, CHECK)).services)) {
      if (service.id !== null) known.set(service.id, service.name);
    }
    return known;
  } catch (error) {
    if (cannotTell(error)) return null;
    throw error;
  }
}

/** `--service` ids the page does not have are refused, naming the ones it has; temp ids of queued services pass. */
export async function checkServices(ctx: CliContext, subdomain: string, ids: ReadonlyArray<number | string>): Promise<void> {
  const numeric = ids.filter((id): id is number => typeof id === 'number' && !isTempId(id));
  if (numeric.length === 0) return;
  const known = await knownServices(ctx.client(subdomain), subdomain);
  if (known === null) return;
  const unknown = numeric.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const listed = [...known].map(([id, name]) => `${id} ${name}`).join(', ');
  throw new CliUsageError(
    `--service ${unknown.join(', ')}: not a service of ${subdomain}; its services: ${listed || 'none'} (statusdesk summary ${subdomain}); nothing was sent or kept`,
  );
}
