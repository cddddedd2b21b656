import type { OutboxEntryView } from './entry-view';
import { isWriteOperation, WRITE_OPERATIONS, type WriteResource } from './write-operations';

/*
 * What a queued write is, in the words of the thing it changes: "Update to “Database down”: “We are
 * investigating the…”", "New incident “Database down”", "Delete notice “Planned move”". The title of an item
 * the write names only by id comes from the other writes in the outbox (its create, an edit, what the server
 * answered); else the item is named by its id.
 */

type Described = Pick<OutboxEntryView, 'operation' | 'input'> & Partial<Pick<OutboxEntryView, 'tempId' | 'serverId' | 'result'>>;

type Input = Record<string, unknown>;

const FIRST_WORDS_CHARS = 48;

/** What each kind of resource is called in a sentence. */
export const WRITE_NOUNS: Record<WriteResource, string> = {
  incident: 'incident',
  incident_update: 'update',
  info_notice: 'notice',
  info_notice_update: 'update',
  metric: 'metric',
  metric_entry: 'data point',
  subscription: 'subscription',
  status_page: 'status page',
  service: 'service',
  webhook: 'webhook',
  access_group: 'access group',
  page_member: 'member',
  org_member: 'organization member',
};

const record = (value: unknown): Input => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Input) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null);

/** "We are investigating the cause of the…": the start of an update, enough to tell it from the others. */
function firstWords(description: string, max = FIRST_WORDS_CHARS): string {
  const flat = description.trim().replace(/\s+/g, ' ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** The name an item goes by in a write's body or the server's answer: title, name, email, url. */
function nameIn(fields: Input): string | null {
  return text(fields.title) ?? text(fields.name) ?? text(fields.email) ?? text(fields.url) ?? text(fields.subdomain);
}

function bodyOf(entry: Described): Input {
  const info = isWriteOperation(entry.operation) ? WRITE_OPERATIONS[entry.operation] : null;
  const keys = info ? [info.resource, 'incident', 'info_notice', 'update', 'member', 'entry', 'status_page'] : [];
  for (const key of keys) if (entry.input[key] !== undefined) return record(entry.input[key]);
  return {};
}

/** The title of the item `id` names, from the writes in the outbox: its create, an edit of it, the server's answer. */
function titleOf(id: unknown, idParam: string, others: readonly Described[]): string | null {
  if (id === undefined || id === null) return null;
  const same = (value: unknown) => value !== undefined && value !== null && String(value) === String(id);
  for (const other of others) {
    const made = same(other.tempId) || same(other.serverId) || same(other.result?.id);
    const edits = same(other.input[idParam]) && isWriteOperation(other.operation) && WRITE_OPERATIONS[other.operation].idParam === idParam;
    if (!made && !edits) continue;
    const found = nameIn(bodyOf(other)) ?? nameIn(record(other.result?.summary));
    if (found) return found;
  }
  return null;
}

/** “Database down”, or incident #12 (the new incident, while its create is queued). */
function itemName(noun: string, id: unknown, title: string | null): string {
  if (title) return `${noun} “${title}”`;
  if (typeof id === 'string' && id.startsWith('tmp-')) return `the new ${noun}`;
  return id === undefined || id === null ? noun : `${noun} #${String(id)}`;
}

function humanised(operation: string): string {
  const words = operation.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The existing item a write changes, in words ("incident “Database down”", "incident #999"); null for a create of a new item. */
export function targetOfWrite(entry: Described, others: readonly Described[] = []): string | null {
  if (!isWriteOperation(entry.operation)) return null;
  const info = WRITE_OPERATIONS[entry.operation];
  const target = info.parent ?? (info.action === 'create' || !info.idParam ? null : { resource: info.resource, idParam: info.idParam });
  if (!target) return null;
  const id = entry.input[target.idParam];
  return itemName(WRITE_NOUNS[target.resource], id, titleOf(id, target.idParam, others));
}

/** One line that says what a write does, for `statusdesk outbox list` and the failure's "what failed". */
export function describeWrite(entry: Described, others: readonly Described[] = []): string {
  if (!isWriteOperation(entry.operation)) return humanised(entry.operation);
  const info = WRITE_OPERATIONS[entry.operation];
  const body = bodyOf(entry);
  const noun = info.resource === 'incident' && text(body.type) === 'scheduled' ? 'maintenance' : WRITE_NOUNS[info.resource];
  if (info.parent) {
    const parentNoun = WRITE_NOUNS[info.parent.resource];
    const parentId = entry.input[info.parent.idParam];
    const parent = itemName(parentNoun, parentId, titleOf(parentId, info.parent.idParam, others));
    const said = text(body.description);
    const quoted = said ? `: “${firstWords(said)}”` : '';
    if (info.action === 'create') {
      if (info.resource === 'metric_entry') return `Data point for ${parent}`;
      return `${text(body.type) === 'resolved' ? 'Resolve' : 'Update to'} ${parent}${quoted}`;
    }
    return `${info.action === 'update' ? 'Edit an update of' : 'Delete an update of'} ${parent}${quoted}`;
  }
  if (info.action === 'create') {
    const name = nameIn(body);
    return `New ${noun}${name ? ` “${name}”` : ''}`;
  }
  const id = info.idParam ? entry.input[info.idParam] : undefined;
  const title = nameIn(body) ?? (info.idParam ? titleOf(id, info.idParam, others) : null);
  return `${info.action === 'update' ? 'Edit' : 'Delete'} ${itemName(noun, id, title)}`;
}
