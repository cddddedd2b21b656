import { AppError } from '@shared/errors';
import { isTempId } from '@shared/outbox/temp-id';
import { normalizePageSummary, type NormalizedService } from '@shared/statuspal/normalize';
import { checkReadResult, type ReadOperationName } from '@shared/statuspal/read-operations';
import type { StatusPageReadResult } from '@shared/statuspal/read-request';
import type { CallOptions } from '@core/statuspal-client/client';

/*
 * Use case: queue one write to a status page, after what can be checked on the server before anything is kept.
 * For whom: the window's `outbox.enqueue` (and its posts to linked pages) and the command line's write commands
 * (update, resolve, delete, create with --service, --all-linked); each side says how it reads and how it queues.
 *
 * The checks, when the server can be reached: the incident or notice a write names by its server id is on the
 * page, and the services its body names are the page's. A write that cannot succeed is refused
 * (WriteCheckError) and nothing is kept. When the server cannot be asked (unreachable, slow, overloaded) the
 * check says nothing either way: the write is queued, and the server has the last word when it is sent.
 */

type Input = Record<string, unknown>;

/** One quick look: no retries, a short wait. A server that does not answer in this time is treated as unreachable. */
export const WRITE_CHECK_CALL: CallOptions = { retries: 0, timeoutMs: 8_000 };

/** One read with the write's own key, answered as `statuspal.read` answers (the reader passes WRITE_CHECK_CALL on). */
export type WriteCheckRead = (operation: ReadOperationName, input: Input) => Promise<StatusPageReadResult>;

interface CheckedWrite {
  operation: string;
  input: Input;
}

/** What a check found: the item is not on the page, or services the page does not have (with the ones it has). */
export type WriteCheckFinding =
  | { kind: 'missing_item'; noun: 'incident' | 'notice'; subdomain: string; id: number }
  | { kind: 'unknown_services'; subdomain: string; unknown: number[]; known: Array<{ id: number; name: string }> };

/** A write refused before it was queued: nothing was sent or kept. */
export class WriteCheckError extends AppError {
  readonly finding: WriteCheckFinding;

  constructor(finding: WriteCheckFinding) {
    super('invalid_input', wordsOf(finding), finding.kind === 'missing_item' ? { status: 404 } : undefined);
    this.name = 'WriteCheckError';
    this.finding = finding;
  }
}

function wordsOf(finding: WriteCheckFinding): string {
  if (finding.kind === 'missing_item') {
    return `There is no ${finding.noun} #${finding.id} on page ${finding.subdomain} (the server answered 404); nothing was sent or kept.`;
  }
  const listed = finding.known.map((s) => `${s.id} ${s.name}`).join(', ');
  return `${finding.unknown.join(', ')}: not a service of ${finding.subdomain}; its services: ${listed || 'none'}. Nothing was sent or kept.`;
}

/** The item a write names by its path parameter, and the read of one. */
const ITEMS = [
  { idParam: 'incidentId', read: 'getIncident', noun: 'incident' },
  { idParam: 'infoNoticeId', read: 'getInfoNotice', noun: 'notice' },
] as const;

/** The body keys whose `service_ids` name the page's services. */
const BODY_KEYS = ['incident', 'info_notice'] as const;

/** The server could not be asked (unreachable, slow, overloaded): the check says nothing either way. */
function cannotTell(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'network' || error.code === 'timeout' || error.code === 'rate_limited' || (error.status ?? 0) >= 500);
}

/** An item named by its server id must be on the page; a temp id's create is in the outbox, which maps it. */
async function checkItem(read: WriteCheckRead, write: CheckedWrite, subdomain: string): Promise<void> {
  for (const item of ITEMS) {
    const id = write.input[item.idParam];
    if (typeof id !== 'number') continue;
    try {
      await read(item.read, { subdomain, [item.idParam]: id });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw new WriteCheckError({ kind: 'missing_item', noun: item.noun, subdomain, id });
      if (cannotTell(error)) return;
      throw error;
    }
  }
}

function flatten(services: NormalizedService[]): NormalizedService[] {
  return services.flatMap((service) => [service, ...flatten(service.children)]);
}

/** The public summary's services (one request); null when the server cannot be asked. */
async function summaryServices(read: WriteCheckRead, subdomain: string): Promise<Map<number, string> | null> {
  try {
    const summary = checkReadResult('getPageSummary', await read('getPageSummary', { subdomain })).item;
    const known = new Map<number, string>();
    for (const service of flatten(normalizePageSummary(summary).services)) if (service.id !== null) known.set(service.id, service.name);
    return known;
  } catch (error) {
    if (cannotTell(error)) return null;
    throw error;
  }
}

/** Every service with the key, hidden ones too (a read per service below the top level); null when the key may not list them. */
async function adminServices(read: WriteCheckRead, subdomain: string): Promise<Map<number, string> | null> {
  try {
    return new Map(checkReadResult('listServices', await read('listServices', { subdomain })).items.map((service) => [service.id, service.name]));
  } catch (error) {
    if (error instanceof AppError && (error.code === 'unauthorized' || error.code === 'forbidden')) return null;
    throw error;
  }
}

/**
 * Services a body names that the page does not have are refused, naming the ones it has; temp ids of queued
 * services pass. The public summary answers most at once; only an id it does not show (a hidden service, or a
 * wrong one) asks the admin list, which has them all.
 */
async function checkServices(read: WriteCheckRead, write: CheckedWrite, subdomain: string): Promise<void> {
  const named = BODY_KEYS.flatMap((key) => {
    const body = write.input[key];
    const ids = body !== null && typeof body === 'object' ? (body as Input).service_ids : undefined;
    return Array.isArray(ids) ? ids : [];
  });
  const numeric = named.filter((id): id is number => typeof id === 'number' && !isTempId(id));
  if (numeric.length === 0) return;
  const shown = await summaryServices(read, subdomain);
  if (shown === null || numeric.every((id) => shown.has(id))) return;
  let known: Map<number, string> | null;
  try {
    known = (await adminServices(read, subdomain)) ?? shown;
  } catch (error) {
    if (cannotTell(error)) return;
    throw error;
  }
  const unknown = numeric.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  throw new WriteCheckError({ kind: 'unknown_services', subdomain, unknown, known: [...known].map(([id, name]) => ({ id, name })) });
}

/** What the server can tell of a write before it is queued; throws WriteCheckError when it cannot succeed. */
async function checkWriteOnServer(read: WriteCheckRead, write: CheckedWrite): Promise<void> {
  const subdomain = write.input.subdomain;
  if (typeof subdomain !== 'string') return;
  await checkItem(read, write, subdomain);
  await checkServices(read, write, subdomain);
}

/** Checks the write, then queues it the caller's way (the window: the app's outbox; the command line: queued and sent). */
export async function queueWrite<W extends CheckedWrite, R>(write: W, ports: { read: WriteCheckRead; queue: (write: W) => Promise<R> }): Promise<R> {
  await checkWriteOnServer(ports.read, write);
  return ports.queue(write);
}
