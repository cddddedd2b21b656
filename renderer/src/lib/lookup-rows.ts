import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { localTime } from './api-time';
import type { ServiceOption } from './page-context';

type Input = Record<string, unknown>;

const record = (value: unknown): Input => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Input) : {});
const words = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** One line of the needs-a-look table: what the user recognises a write or a look-alike by. */
interface LookupRow {
  /** The look-alike's server id; none for the user's own write. */
  id?: string | number;
  title: string;
  type: string;
  services: string;
  /** When it was stored (a look-alike) or first sent (the user's own), in local time. */
  when: string;
  /** Its first message. */
  message: string;
}

/** A service's name by id, anywhere in the page's service tree. */
export function serviceNamer(services: readonly ServiceOption[]): (id: number) => string | undefined {
  const names = new Map<number, string>();
  const walk = (nodes: readonly ServiceOption[]) => {
    for (const node of nodes) {
      names.set(node.id, node.name);
      walk(node.children);
    }
  };
  walk(services);
  return (id) => names.get(id);
}

function servicesText(ids: unknown, serviceName: (id: number) => string | undefined): string {
  if (!Array.isArray(ids) || ids.length === 0) return 'none';
  return ids.map((id) => (typeof id === 'number' ? (serviceName(id) ?? `service ${id}`) : String(id))).join(', ');
}

/**
 * The user's write and the look-alikes the outbox found for it, side by side, so that "It is mine" or "Send mine"
 * is an informed choice: title or name, type, services, when, and the first message.
 */
export function lookupRows(
  entry: Pick<OutboxEntryView, 'input' | 'lookup' | 'firstSentAt'>,
  body: Input | null,
  serviceName: (id: number) => string | undefined = () => undefined,
): { yours: LookupRow; candidates: LookupRow[] } {
  const mine = body ?? {};
  const firstUpdate = Array.isArray(mine.updates) ? record(mine.updates[0]) : {};
  const yours: LookupRow = {
    title: words(mine.title) || words(mine.name) || words(mine.description),
    type: words(mine.type),
    services: mine.service_ids === undefined ? 'not set' : servicesText(mine.service_ids, serviceName),
    when: localTime(entry.lookup?.sentAt ?? null),
    message: words(firstUpdate.description) || (mine.title !== undefined ? '' : words(mine.description)),
  };
  const candidates = (entry.lookup?.candidates ?? []).map((candidate) => {
    const s = candidate.summary;
    return {
      id: candidate.id,
      title: words(s.title) || words(s.name) || words(s.email) || words(s.url),
      type: words(s.type),
      services: servicesText(s.service_ids, serviceName),
      when: localTime(typeof s.inserted_at === 'string' ? s.inserted_at : null),
      message: words(s.description),
    };
  });
  return { yours, candidates };
}
