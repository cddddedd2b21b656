import { isTempId } from '@shared/outbox/temp-id';
import { WRITE_NOUNS } from '@shared/outbox/write-description';
import { isWriteOperation, WRITE_OPERATIONS } from '@shared/outbox/write-operations';
import type { OutboxRecord, ParsedOutboxLog, ShortBatch } from './log-format';
import { describeWrite } from '@shared/outbox/write-description';

/*
 * A damaged line of the outbox file (a flipped byte, a disk error in the middle of a record) cannot be read as
 * a record, but it is rarely noise: most of its text is still there. When it held a queued write (an `add`
 * record whose entry is nowhere else in the file), the user must hear which one, in their words ("the update
 * 'DB recovered' to incident 123 was lost"), so they can write it again; "1 unreadable line" says nothing.
 * When it held a state change, the entry it changed may have been sent already without the file knowing it:
 * such an entry is looked up on the server before it is sent again, never resent blind.
 */

const UUID = /"id":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/i;

/** A JSON string field of the damaged text, decoded; null when it is not there whole. */
function stringField(text: string, name: string): string | null {
  const match = new RegExp(`"${name}":"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
  if (!match) return null;
  try {
    const value = (JSON.parse(`"${match[1]}"`) as string).trim().replace(/\s+/g, ' ');
    return value === '' ? null : value.length > 60 ? `${value.slice(0, 57)}…` : value;
  } catch {
    return null;
  }
}

function idField(text: string, name: string): string | null {
  const match = new RegExp(`"${name}":(?:(\\d+)|"([^"\\\\]{1,80})")`).exec(text);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function itemOf(noun: string, id: string | null): string {
  if (id === null) return `a ${noun}`;
  return isTempId(id) ? `a new ${noun} queued before it` : `${noun} ${id}`;
}

/** The write a damaged `add` line held, in the user's words: "the update 'DB recovered' to incident 123". */
function describeDamagedWrite(text: string): string {
  const operation = /"operation":"([A-Za-z]+)"/.exec(text)?.[1];
  if (operation === undefined || !isWriteOperation(operation)) return 'a queued write whose record could not be read';
  const info = WRITE_OPERATIONS[operation];
  const said = stringField(text, 'description');
  const name = stringField(text, 'title') ?? stringField(text, 'name') ?? stringField(text, 'email') ?? stringField(text, 'url');
  const noun = info.resource === 'incident' && stringField(text, 'type') === 'scheduled' ? 'maintenance' : WRITE_NOUNS[info.resource];
  const own = info.idParam ? idField(text, info.idParam) : null;
  if (info.parent) {
    const parent = itemOf(WRITE_NOUNS[info.parent.resource], idField(text, info.parent.idParam));
    if (info.action === 'create') {
      if (info.resource === 'metric_entry') return `the data point of metric ${idField(text, 'metricId') ?? '?'}`;
      const resolves = stringField(text, 'type') === 'resolved';
      return `the ${resolves ? 'resolution' : 'update'}${said ? ` '${said}'` : ''} ${resolves ? 'of' : 'to'} ${parent}`;
    }
    return `the ${info.action === 'update' ? 'edit' : 'deletion'} of ${own === null ? 'an update' : `update ${own}`} of ${parent}`;
  }
  if (info.action === 'create') return `the new ${noun}${name ? ` '${name}'` : ''}`;
  return `the ${info.action === 'update' ? 'edit' : 'deletion'} of ${itemOf(noun, own)}${name ? ` ('${name}')` : ''}`;
}

export interface DamagedLines {
  /** The writes that are gone with their line, in words (the sentence is the caller's). */
  lost: string[];
  /** Entries whose state change may have been on a damaged line ('all': a line that named none). */
  unsure: Set<string> | 'all';
}

/**
 * What the damaged lines took: the writes whose `add` was on one and is nowhere else (and that were not sent or
 * removed since, by a later readable record), and the entries a damaged state change may have concerned.
 */
export function readDamagedLines(damaged: readonly string[], records: readonly OutboxRecord[], kept: { has(id: string): boolean }): DamagedLines {
  if (damaged.length === 0) return { lost: [], unsure: new Set() };
  const settled = new Set<string>();
  for (const record of records) {
    if ((record.t === 'state' && record.state === 'sent') || record.t === 'remove') settled.add(record.id);
  }
  const lost: string[] = [];
  let unsure: DamagedLines['unsure'] = new Set();
  for (const text of damaged) {
    const id = UUID.exec(text)?.[1]?.toLowerCase();
    const isAdd = /"t":"add"/.test(text) || /"entry":\{/.test(text) || (!/"t":"(state|edit|map|remove)"/.test(text) && /"operation":"/.test(text));
    if (isAdd && (id === undefined || (!kept.has(id) && !settled.has(id)))) {
      lost.push(describeDamagedWrite(text));
      continue;
    }
    if (isAdd || /"t":"map"/.test(text)) continue;
    if (id === undefined) unsure = 'all';
    else if (unsure !== 'all') unsure.add(id);
  }
  return { lost, unsure };
}

/** "The update 'DB recovered' to incident 123 was lost: write it again." (empty when nothing was). */
export function lostWritesSentence(lost: readonly string[]): string {
  if (lost.length === 0) return '';
  const shown = lost.slice(0, 5);
  const more = lost.length - shown.length;
  const list = more > 0 ? `${shown.join(', ')} and ${more} more` : shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
  const one = lost.length === 1;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} ${one ? 'was' : 'were'} lost: write ${one ? 'it' : 'them'} again.`;
}

/**
 * Batches that lost writes in the middle of the file, in the user's words: "2 of the 1,000 writes queued together
 * (the first: Data point for metric #7) could not be read: write them again." What could be read is kept.
 */
export function shortBatchesSentence(batches: readonly ShortBatch[]): string {
  if (batches.length === 0) return '';
  return batches
    .map((batch) => {
      const missing = batch.size - batch.found;
      const what = describeWrite(batch.example);
      return `${missing.toLocaleString('en-US')} of the ${batch.size.toLocaleString('en-US')} writes queued together (one of them: ${what}) could not be read and ${missing === 1 ? 'was' : 'were'} lost: write ${missing === 1 ? 'it' : 'them'} again; the other ${batch.found.toLocaleString('en-US')} were kept.`;
    })
    .join(' ');
}

/** What was wrong with the file, in a few words: "2 unreadable lines", "no header", "a batch short of 1 write". */
export function damageOf(log: ParsedOutboxLog): string {
  const parts: string[] = [];
  if (log.invalidLines > 0) parts.push(`${log.invalidLines} unreadable line${log.invalidLines === 1 ? '' : 's'}`);
  if (log.header === 'missing') parts.push('no header');
  const short = log.shortBatches.reduce((sum, batch) => sum + batch.size - batch.found, 0);
  if (short > 0)
    parts.push(`${short} write${short === 1 ? '' : 's'} missing from ${log.shortBatches.length === 1 ? 'a batch' : `${log.shortBatches.length} batches`}`);
  return parts.join(', ');
}
