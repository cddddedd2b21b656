import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { waitWords } from '@shared/people-words/wait-words';
import { isTempId } from '@shared/outbox/temp-id';

type Input = Record<string, unknown>;

const record = (value: unknown): Input => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Input) : {});
const quoted = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? ` “${value.trim()}”` : '');

function ref(noun: string, id: unknown): string {
  if (isTempId(id)) return `the new ${noun}`;
  return id === undefined || id === null ? noun : `${noun} #${String(id)}`;
}

/** "addIncidentUpdate" → "Add incident update": the fallback for writes the console has no words for. */
function humanise(operation: string): string {
  const words = operation.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Incidents and notices take the same six writes, each naming its item by its own id and body fields. */
const THREADS = [
  { name: 'Incident', noun: 'incident', idField: 'incidentId', bodyField: 'incident' },
  { name: 'InfoNotice', noun: 'notice', idField: 'infoNoticeId', bodyField: 'info_notice' },
] as const;

function describeThreadWrite(operation: string, input: Input): string | null {
  for (const thread of THREADS) {
    const item = ref(thread.noun, input[thread.idField]);
    const title = quoted(record(input[thread.bodyField]).title);
    switch (operation) {
      case `create${thread.name}`:
        return `Create ${thread.noun}${title}`;
      case `update${thread.name}`:
        return `Edit ${item}${title}`;
      case `delete${thread.name}`:
        return `Delete ${item}`;
      case `add${thread.name}Update`:
        // Only an incident is resolved by an update.
        return thread.noun === 'incident' && record(input.update).type === 'resolved' ? `Resolve ${item}` : `Add an update to ${item}`;
      case `change${thread.name}Update`:
        return `Edit an update of ${item}`;
      case `delete${thread.name}Update`:
        return `Delete an update of ${item}`;
    }
  }
  return null;
}

/** One line that says what a queued write does, in the user's words. */
export function describeEntry(entry: Pick<OutboxEntryView, 'operation' | 'input'>): string {
  return describeThreadWrite(entry.operation, entry.input) ?? humanise(entry.operation);
}

/** Why a queued write is not being sent right now, or null. */
export function waitText(entry: Pick<OutboxEntryView, 'state' | 'waiting'>): string | null {
  return entry.state === 'pending' && entry.waiting ? waitWords(entry.waiting) : null;
}

/** One word (or three) for the state: Queued, Sending…, Sent, Failed, Conflict, Needs a look. */
export function shortState(entry: Pick<OutboxEntryView, 'state'>): string {
  return stateText({ state: entry.state });
}

/** The state of a write as a short phrase ("Queued — waiting for the server to be reachable"). */
export function stateText(entry: Pick<OutboxEntryView, 'state' | 'waiting'>): string {
  switch (entry.state) {
    case 'pending':
      return entry.waiting ? `Queued — waiting ${waitWords(entry.waiting)}` : 'Queued';
    case 'in_flight':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'failed':
      return 'Failed';
    case 'conflict':
      return 'Conflict';
    case 'needs_look':
      return 'Needs a look';
  }
}
