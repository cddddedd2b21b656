import type { OutboxEntryView, OutboxWaitReason } from '@shared/outbox/entry-view';
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

/** One line that says what a queued write does, in the user's words. */
export function describeEntry(entry: Pick<OutboxEntryView, 'operation' | 'input'>): string {
  const input = entry.input;
  const incident = record(input.incident);
  const notice = record(input.info_notice);
  const update = record(input.update);
  switch (entry.operation) {
    case 'createIncident':
      return `Create incident${quoted(incident.title)}`;
    case 'updateIncident':
      return `Edit ${ref('incident', input.incidentId)}${quoted(incident.title)}`;
    case 'deleteIncident':
      return `Delete ${ref('incident', input.incidentId)}`;
    case 'addIncidentUpdate':
      return update.type === 'resolved' ? `Resolve ${ref('incident', input.incidentId)}` : `Add an update to ${ref('incident', input.incidentId)}`;
    case 'changeIncidentUpdate':
      return `Edit an update of ${ref('incident', input.incidentId)}`;
    case 'deleteIncidentUpdate':
      return `Delete an update of ${ref('incident', input.incidentId)}`;
    case 'createInfoNotice':
      return `Create notice${quoted(notice.title)}`;
    case 'updateInfoNotice':
      return `Edit ${ref('notice', input.infoNoticeId)}${quoted(notice.title)}`;
    case 'deleteInfoNotice':
      return `Delete ${ref('notice', input.infoNoticeId)}`;
    case 'addInfoNoticeUpdate':
      return `Add an update to ${ref('notice', input.infoNoticeId)}`;
    case 'changeInfoNoticeUpdate':
      return `Edit an update of ${ref('notice', input.infoNoticeId)}`;
    case 'deleteInfoNoticeUpdate':
      return `Delete an update of ${ref('notice', input.infoNoticeId)}`;
    default:
      return humanise(entry.operation);
  }
}

const WAIT_TEXT: Record<OutboxWaitReason, string> = {
  offline: 'for the server to be reachable',
  backoff: 'to try again shortly',
  rate_limited: 'because the server asked to slow down',
  order: 'for an earlier write on the same item',
  dependency: 'for the write it depends on',
  no_key: 'for the account’s API key',
  concurrency: 'for a free slot',
};

/** Why a queued write is not being sent right now, or null. */
export function waitText(entry: Pick<OutboxEntryView, 'state' | 'waiting'>): string | null {
  return entry.state === 'pending' && entry.waiting ? WAIT_TEXT[entry.waiting] : null;
}

/** One word for the state: Queued, Sending…, Sent, Failed, Conflict. */
export function shortState(entry: Pick<OutboxEntryView, 'state'>): string {
  return stateText({ state: entry.state });
}

/** The state of a write as a short phrase ("Queued — waiting for the server to be reachable"). */
export function stateText(entry: Pick<OutboxEntryView, 'state' | 'waiting'>): string {
  switch (entry.state) {
    case 'pending':
      return entry.waiting ? `Queued — waiting ${WAIT_TEXT[entry.waiting]}` : 'Queued';
    case 'in_flight':
      return 'Sending…';
    case 'sent':
      return 'Sent';
    case 'failed':
      return 'Failed';
    case 'conflict':
      return 'Conflict';
  }
}
