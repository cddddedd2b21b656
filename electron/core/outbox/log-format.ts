import { z } from 'zod';
import { kindNameOfToday } from '@shared/outbox/kind-name';
import {
  outboxConflictSchema,
  outboxErrorSchema,
  outboxLookupSchema,
  outboxResultSchema,
  outboxServerSchema,
  outboxStateSchema,
  serverIdSchema,
} from '@shared/outbox/entry-view';
import type { OutboxEntry } from './entry';
import { endsWithoutNewline, HeaderLine, jsonLines } from '@core/storage/json-lines';

/*
 * The outbox file (`<dataDir>/outbox.jsonl`): JSON lines, appended and fsynced, later lines win.
 *   line 1   {"format":"statusdesk.outbox","version":1}
 *   add      {"t":"add","entry":{id, seq, kind, accountId, server?, operation, input, resourceKey, tempId?,
 *                                dependsOn, baseUpdatedAt?, createdAt, attempts, state, ...},
 *             "batch"?:{"id":..,"size":n}}                        one of n adds queued together (all or none)
 *   state    {"t":"state","id":..,"state":..,"attempts"?,"firstSentAt"?,"timeOfWriting"?,"lastError"?|null,"result"?,
 *             "conflict"?|null,"lookup"?|null,"notMine"?,"reconcile"?}  a state change, with what came with it
 *   edit     {"t":"edit","id":..,"input"?,"resourceKey"?,"baseUpdatedAt"?|null,"dependsOn"?}
 *                                                                     the user edited, or a re-base
 *   map      {"t":"map","tempId":"tmp-..","serverId":42,"at":<ms>}   a temp id now has its server id
 *   remove   {"t":"remove","id":..}                                   dropped, or sent and compacted away
 * No record ever holds a key or token: entries name the account (or "key from the environment").
 * A crash can only tear the last line (one write per batch, fsync before anyone is told); the loader
 * drops a torn last line and keeps everything before it.
 */
const OUTBOX_FORMAT = 'statusdesk.outbox';
const OUTBOX_VERSION = 1;

const headerSchema = z.object({ format: z.literal(OUTBOX_FORMAT), version: z.number().int() });

const timeOfWritingSchema = z.object({ at: z.string(), checked: z.boolean() });

export const entryRecordSchema = z.object({
  id: z.string().uuid(),
  seq: z.number().int().nonnegative(),
  kind: z.string().min(1),
  accountId: z.string().min(1),
  server: outboxServerSchema.optional(),
  operation: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
  resourceKey: z.string().min(1),
  tempId: z.string().optional(),
  dependsOn: z.array(z.string()),
  baseUpdatedAt: z.string().optional(),
  createdAt: z.string(),
  firstSentAt: z.string().optional(),
  serverOffsetMs: z.number().optional(),
  clockAtWrite: z.object({ boot: z.string(), uptimeMs: z.number(), serverOffsetMs: z.number().optional() }).optional(),
  lastSentAt: z.string().optional(),
  timeOfWriting: timeOfWritingSchema.optional(),
  attempts: z.number().int().nonnegative(),
  state: outboxStateSchema,
  lastError: outboxErrorSchema.optional(),
  result: outboxResultSchema.optional(),
  conflict: outboxConflictSchema.optional(),
  lookup: outboxLookupSchema.optional(),
  notMine: z.array(serverIdSchema).optional(),
  reconcile: z.boolean().optional(),
});

/**
 * An add written as one of a batch (enqueueMany): its batch and how many adds it has. A batch's lines go in one
 * write, so a crash can cut it only at the file's end; a batch found with fewer adds than its size was never
 * acknowledged, and none of it is kept: a batch is queued whole or not at all.
 */
const batchSchema = z.object({ id: z.string().min(1), size: z.number().int().positive() });
const addSchema = z.object({ t: z.literal('add'), entry: entryRecordSchema, batch: batchSchema.optional() });
const stateSchema = z.object({
  t: z.literal('state'),
  id: z.string(),
  state: outboxStateSchema,
  attempts: z.number().int().nonnegative().optional(),
  firstSentAt: z.string().optional(),
  serverOffsetMs: z.number().optional(),
  lastSentAt: z.string().optional(),
  timeOfWriting: timeOfWritingSchema.optional(),
  lastError: outboxErrorSchema.nullable().optional(),
  result: outboxResultSchema.optional(),
  conflict: outboxConflictSchema.nullable().optional(),
  lookup: outboxLookupSchema.nullable().optional(),
  notMine: z.array(serverIdSchema).optional(),
  reconcile: z.boolean().optional(),
});
const editSchema = z.object({
  t: z.literal('edit'),
  id: z.string(),
  input: z.record(z.string(), z.unknown()).optional(),
  resourceKey: z.string().min(1).optional(),
  baseUpdatedAt: z.string().nullable().optional(),
  dependsOn: z.array(z.string()).optional(),
});
const mapSchema = z.object({ t: z.literal('map'), tempId: z.string().min(1), serverId: serverIdSchema, at: z.number() });
const removeSchema = z.object({ t: z.literal('remove'), id: z.string() });

export const recordSchema = z.discriminatedUnion('t', [addSchema, stateSchema, editSchema, mapSchema, removeSchema]);
/**
 * Which record schema checked a file's lines (checked-prefix.ts): lines checked under another are checked again.
 * A unit test pins the schema's shape to this number, so a change to it that forgets to bump the number fails.
 */
export const RECORD_SCHEMA_REVISION = 1;
export type OutboxRecord = z.infer<typeof recordSchema>;
export type StateRecord = z.infer<typeof stateSchema>;
export type EditRecord = z.infer<typeof editSchema>;
export type StatePatch = Omit<StateRecord, 't' | 'id'>;
export type EditPatch = Omit<EditRecord, 't' | 'id'>;

export function headerLine(): string {
  return JSON.stringify({ format: OUTBOX_FORMAT, version: OUTBOX_VERSION });
}

export function recordLine(record: OutboxRecord): string {
  return JSON.stringify(record);
}

export function addRecord(entry: OutboxEntry, batch?: { id: string; size: number }): OutboxRecord {
  return batch ? { t: 'add', entry, batch } : { t: 'add', entry };
}

export interface ParsedOutboxLog {
  header: 'ok' | 'missing' | 'newer';
  records: OutboxRecord[];
  /** Where each record's line is in the file: its start and end byte, two numbers per record, in order. */
  lineRanges: number[];
  /** Unreadable lines other than a torn last line. */
  invalidLines: number;
  /** The text of the first of them (what a damaged record still shows of the write it held: lost-writes.ts). */
  damaged: string[];
  /** The last line was cut in the middle of a write (no newline, not a complete record): dropped, tolerated. */
  tornTail: boolean;
  /** The file does not end with a newline (torn, or a complete last record without its newline). */
  missingNewline: boolean;
  /** Adds of a batch cut short by a crash (fewer than its size): dropped, as the batch was never acknowledged. */
  partialBatchAdds: number;
  /**
   * Batches short of adds with damage or other records after them: not a crash (a crash tears only the end), so
   * every add that can be read is kept, and the ones missing are named (lost-writes.ts).
   */
  shortBatches: ShortBatch[];
}

export interface ShortBatch {
  size: number;
  found: number;
  /** One of its writes, to say what the batch was. */
  example: OutboxEntry;
}

const MAX_DAMAGED_KEPT = 50;
const MAX_DAMAGED_CHARS = 64 * 1024;

/** A write added by an earlier version, under its kind's name of today. */
export function namedAsToday(record: OutboxRecord): OutboxRecord {
  if (record.t !== 'add') return record;
  const kind = kindNameOfToday(record.entry.kind);
  return kind === record.entry.kind ? record : { ...record, entry: { ...record.entry, kind } };
}

/** The file's first line as JSON (its header, when it has one); undefined when it is not JSON. */
function firstLineJson(bytes: Buffer): unknown {
  const end = bytes.indexOf(0x0a);
  try {
    return JSON.parse(bytes.toString('utf8', 0, end === -1 ? bytes.length : end)) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether the file starts with the header of this version's outbox (not one a newer Statusdesk wrote). */
export function hasOwnHeader(bytes: Buffer): boolean {
  const header = headerSchema.safeParse(firstLineJson(bytes));
  return header.success && header.data.version <= OUTBOX_VERSION;
}

/** What an earlier open vouches for at the start of the file (checked-prefix.ts). */
interface CheckedLines {
  /** Bytes at the start whose lines were checked against the record schema, unchanged since. */
  bytes: number;
  /** Their state is known already (the prefix's index): they are not read at all, and their header was valid. */
  skip?: boolean;
}

/**
 * Reads every record it can; never throws on content. Lines within the checked bytes are parsed, not checked
 * again, or not read at all when their state is known already.
 */
export function parseOutboxLog(bytes: Buffer, checked: CheckedLines = { bytes: 0 }): ParsedOutboxLog {
  const missingNewline = endsWithoutNewline(bytes);
  const result: ParsedOutboxLog = {
    header: 'missing',
    records: [],
    lineRanges: [],
    invalidLines: 0,
    damaged: [],
    tornTail: false,
    missingNewline,
    partialBatchAdds: 0,
    shortBatches: [],
  };
  /** How many records had been read when each damaged line was met. */
  const damagedAt: number[] = [];
  // A line without its newline can only be the file's end, cut by a crash mid-write: torn, not damaged.
  const damaged = (text: string, last: boolean) => {
    if (last) {
      result.tornTail = true;
      return;
    }
    result.invalidLines++;
    damagedAt.push(result.records.length);
    if (result.damaged.length < MAX_DAMAGED_KEPT) result.damaged.push(text.slice(0, MAX_DAMAGED_CHARS));
  };
  const head = new HeaderLine((json) => headerSchema.safeParse(json).data ?? null);
  const kept = (record: OutboxRecord, at: number, start: number, end: number) => {
    result.records.push(namedAsToday(record));
    result.lineRanges.push(at + start, at + end);
  };
  const read = (at: number, part: Buffer, trusted: boolean) => {
    for (const { json, text, last, start, end } of jsonLines(part)) {
      if (head.take(json)) continue;
      if (json === undefined) damaged(text, last);
      else if (trusted) kept(json as OutboxRecord, at, start, end);
      else {
        const record = recordSchema.safeParse(json);
        if (record.success) kept(record.data, at, start, end);
        else damaged(text, last);
      }
    }
  };
  // The checked prefix always ends with a newline (checked-prefix.ts), so the two parts split between lines.
  if (checked.skip) head.take(firstLineJson(bytes));
  else read(0, bytes.subarray(0, checked.bytes), true);
  read(checked.bytes, bytes.subarray(checked.bytes), false);
  if (head.header) result.header = head.header.version > OUTBOX_VERSION ? 'newer' : 'ok';
  settlePartialBatches(result, damagedAt);
  return result;
}

/**
 * A batch with fewer adds in the file than its size. Torn by a crash when nothing follows it and no damaged line
 * lies inside it: a crash cuts only the end of the last write, which was never acknowledged, so its adds go.
 * Anywhere else a line was lost or damaged in the middle of the file: every add that can be read is kept, and
 * the batch is reported short (a write acknowledged to the user is never dropped to keep a batch whole).
 */
function settlePartialBatches(log: ParsedOutboxLog, damagedAt: readonly number[]): void {
  const found = new Map<string, { size: number; adds: number; first: number; last: number; example: OutboxEntry }>();
  log.records.forEach((record, index) => {
    if (record.t !== 'add' || !record.batch) return;
    const batch = found.get(record.batch.id) ?? { size: record.batch.size, adds: 0, first: index, last: index, example: record.entry };
    batch.adds++;
    batch.last = index;
    found.set(record.batch.id, batch);
  });
  const torn = new Set<string>();
  for (const [id, batch] of found) {
    if (batch.adds >= batch.size) continue;
    const atTheEnd = batch.last === log.records.length - 1;
    const damagedInside = damagedAt.some((at) => at > batch.first);
    if (atTheEnd && !damagedInside) torn.add(id);
    else log.shortBatches.push({ size: batch.size, found: batch.adds, example: batch.example });
  }
  if (torn.size === 0) return;
  const before = log.records.length;
  const records: OutboxRecord[] = [];
  const lineRanges: number[] = [];
  log.records.forEach((record, i) => {
    if (record.t === 'add' && record.batch && torn.has(record.batch.id)) return;
    records.push(record);
    lineRanges.push(log.lineRanges[2 * i]!, log.lineRanges[2 * i + 1]!);
  });
  log.records = records;
  log.lineRanges = lineRanges;
  log.partialBatchAdds = before - log.records.length;
}
