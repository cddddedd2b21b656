import { z } from 'zod';
import { AppError } from '@shared/errors';
import { tempIdFor } from '@shared/outbox/temp-id';
import { OUTBOX_STATES, outboxServerSchema, type OutboxServer, type OutboxState, type ServerId } from '@shared/outbox/entry-view';
import type { EntryHeader, OutboxEntry } from './entry';
import { entryRecordSchema, namedAsToday, type OutboxRecord } from './log-format';
import { applyEditPatch, applyStatePatch } from './state-patch';

/*
 * The outbox's state at the end of its checked prefix (checked-prefix.ts), kept in the marker beside the file:
 * the sequence, the temp id mappings, the order sent writes were sent in, and each entry's header with where its
 * lines are. An open that finds it reads none of the prefix's lines: each entry is its header until asked for
 * whole (entry-table.ts), and then its own lines are read (an add, and the state changes and edits after it). An
 * entry that a mapping rewrote is kept whole here instead, as its lines alone would not give it back.
 *
 * Columns, one array per field, and the few (kind, account, server, operation) targets written once: a queue of
 * thousands of creates is mostly the same target and ids, and as objects the index cost a third of the lines'
 * own parse; as columns it costs a tenth. Checked by hand rather than with a schema per entry for the same reason
 * (a schema per entry cost more than reading the lines); whole entries and targets, few, are checked with the
 * record schema.
 */

const INDEX_VERSION = 2;

/** Where an entry's lines are in the file (start and end byte of each, in order), or null: kept whole in the index. */
export type EntryLines = number[] | null;

/** The index read back: the store's state at the end of the prefix, each entry a header or kept whole. */
export interface PrefixState {
  seq: number;
  /** Record lines in the prefix (the file's header not counted). */
  lines: number;
  lastAddedSeq: number;
  ordered: boolean;
  mappings: Array<{ tempId: string; serverId: ServerId; at: number }>;
  /** Sent entries, in the order they became sent. */
  sent: string[];
  /** In queue order: each entry's header, or the whole entry at the positions in `whole`. */
  entries: Array<EntryHeader | OutboxEntry>;
  whole: ReadonlySet<number>;
  /** Each entry's id and resource key, by position (for the store's indexes). */
  ids: readonly string[];
  keys: readonly string[];
  /** Where the lines of the entry at a position are (start and end byte of each). */
  linesAt(position: number): number[];
  /** The temp ids the input of the entry at a position holds. */
  inputTempIdsAt(position: number): readonly string[];
}

const targetSchema = z.tuple([z.string().min(1), z.string().min(1), outboxServerSchema.nullable(), z.string().min(1)]);
/** Most writes depend on nothing and hold no temp id: one empty list for all their headers (read whole, each gets its own). */
const NONE: string[] = Object.freeze([]) as unknown as string[];

interface PrefixStateSource {
  seq: number;
  lines: number;
  lastAddedSeq: number;
  ordered: boolean;
  mappings: ReadonlyMap<string, { serverId: ServerId; at: number }>;
  sent: Iterable<string>;
  headers: Iterable<EntryHeader>;
  linesOf: (id: string) => readonly number[] | null | undefined;
  /** The temp ids the entry's input holds (a mapping finds the entries it rewrites by them). */
  inputTempIds: (id: string) => string[];
  whole: (id: string) => OutboxEntry;
}

/**
 * The index as JSON. One array per header field, numbers where a field has few values (the state, the target):
 * an object, or even an array, per entry was thousands of objects for the collector at every open. What few
 * entries have (dependencies, temp ids in the input, lines beyond the first) is kept by position.
 */
export function encodePrefixState(source: PrefixStateSource): unknown {
  const targets: Array<[string, string, OutboxServer | null, string]> = [];
  const targetIds = new Map<string, number>();
  // A create's resource key is its account and place, then its temp id: the place is written once, the temp id not
  // again (it was more than half of a long queue's index, and of the time to parse it).
  const keyPrefixes: string[] = [];
  const keyPrefixIds = new Map<string, number>();
  const columns = {
    id: [] as string[],
    seq: [] as number[],
    target: [] as number[],
    state: [] as number[],
    key: [] as Array<string | number>,
    tempId: [] as Array<0 | 1 | string>,
    attempts: [] as number[],
    reconcile: [] as Array<0 | 1>,
    lineStart: [] as number[],
    lineEnd: [] as number[],
  };
  const sparse = {
    dependsOn: {} as Record<number, readonly string[]>,
    moreLines: {} as Record<number, readonly number[]>,
    inputTempIds: {} as Record<number, readonly string[]>,
    whole: {} as Record<number, OutboxEntry>,
  };
  for (const header of source.headers) {
    const at = columns.id.length;
    const lines = source.linesOf(header.id);
    if (lines === undefined || lines === null || lines.length < 2) {
      sparse.whole[at] = source.whole(header.id);
      columns.lineStart.push(-1);
      columns.lineEnd.push(-1);
    } else {
      columns.lineStart.push(lines[0]!);
      columns.lineEnd.push(lines[1]!);
      if (lines.length > 2) sparse.moreLines[at] = lines.slice(2);
      const inputTempIds = source.inputTempIds(header.id);
      if (inputTempIds.length > 0) sparse.inputTempIds[at] = inputTempIds;
    }
    const target: [string, string, OutboxServer | null, string] = [header.kind, header.accountId, header.server ?? null, header.operation];
    const targetKey = JSON.stringify(target);
    let targetId = targetIds.get(targetKey);
    if (targetId === undefined) targetIds.set(targetKey, (targetId = targets.push(target) - 1));
    columns.id.push(header.id);
    columns.seq.push(header.seq);
    columns.target.push(targetId);
    columns.state.push(OUTBOX_STATES.indexOf(header.state));
    const key = header.resourceKey;
    if (header.tempId !== undefined && header.tempId !== '' && key.endsWith(header.tempId)) {
      const prefix = key.slice(0, key.length - header.tempId.length);
      let prefixId = keyPrefixIds.get(prefix);
      if (prefixId === undefined) keyPrefixIds.set(prefix, (prefixId = keyPrefixes.push(prefix) - 1));
      columns.key.push(prefixId);
    } else columns.key.push(key);
    columns.tempId.push(header.tempId === undefined ? 0 : header.tempId === tempIdFor(header.id) ? 1 : header.tempId);
    if (header.dependsOn.length > 0) sparse.dependsOn[at] = header.dependsOn;
    columns.attempts.push(header.attempts);
    columns.reconcile.push(header.reconcile ? 1 : 0);
  }
  return {
    version: INDEX_VERSION,
    queueSeq: source.seq,
    lines: source.lines,
    lastAddedSeq: source.lastAddedSeq,
    ordered: source.ordered,
    mappings: [...source.mappings].map(([tempId, { serverId, at }]) => [tempId, serverId, at]),
    sent: [...source.sent],
    targets,
    keyPrefixes,
    ...columns,
    ...sparse,
  };
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const arrayOf = (v: unknown, n: number | null): v is unknown[] => Array.isArray(v) && (n === null || v.length === n);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const textsOr = (v: unknown): v is string[] => arrayOf(v, null) && v.every(isText);

/** The index read back; null when anything in it is not as written (then the prefix is read line by line). */
export function decodePrefixState(json: unknown): PrefixState | null {
  if (!isRecord(json)) return null;
  const o = json;
  if (o.version !== INDEX_VERSION || !isInt(o.queueSeq) || !isInt(o.lastAddedSeq) || !isInt(o.lines) || typeof o.ordered !== 'boolean') return null;
  const { id, seq, target, state, key, tempId, attempts, reconcile, lineStart, lineEnd } = o;
  if (!arrayOf(id, null)) return null;
  const n = id.length;
  if (!arrayOf(seq, n) || !arrayOf(target, n) || !arrayOf(state, n) || !arrayOf(key, n) || !arrayOf(tempId, n)) return null;
  if (!arrayOf(attempts, n) || !arrayOf(reconcile, n) || !arrayOf(lineStart, n) || !arrayOf(lineEnd, n)) return null;
  const { dependsOn, moreLines, inputTempIds, whole } = o;
  if (!isRecord(dependsOn) || !isRecord(moreLines) || !isRecord(inputTempIds) || !isRecord(whole)) return null;
  const targets = z.array(targetSchema).safeParse(o.targets);
  if (!targets.success || !arrayOf(o.mappings, null) || !textsOr(o.sent)) return null;
  const keyPrefixes = o.keyPrefixes;
  if (!arrayOf(keyPrefixes, null) || !keyPrefixes.every((prefix) => typeof prefix === 'string')) return null;
  const mappings: PrefixState['mappings'] = [];
  for (const m of o.mappings) {
    if (!arrayOf(m, 3) || !isText(m[0]) || !(isInt(m[1]) || isText(m[1])) || typeof m[2] !== 'number') return null;
    mappings.push({ tempId: m[0], serverId: m[1], at: m[2] });
  }
  for (const list of Object.values(dependsOn)) if (!textsOr(list)) return null;
  for (const list of Object.values(inputTempIds)) if (!textsOr(list)) return null;
  for (const list of Object.values(moreLines)) if (!arrayOf(list, null) || list.length % 2 !== 0 || !list.every((b) => isInt(b) && b >= 0)) return null;

  // One loop over the entries, checks inline and nothing destructured: it runs once per open over thousands of
  // entries, before the engine has compiled it, where each call and iterator costs many times its compiled price.
  const entries: PrefixState['entries'] = new Array(n);
  const keys: string[] = new Array(n);
  const wholeAt = new Set<number>();
  const targetList = targets.data;
  for (let i = 0; i < n; i++) {
    const entryId = id[i];
    const rawTempId = tempId[i];
    const entryTempId = rawTempId === 1 ? tempIdFor(entryId as string) : rawTempId;
    const rawKey = key[i];
    const prefix = typeof rawKey === 'number' ? keyPrefixes[rawKey] : undefined;
    const entryKey = typeof rawKey === 'string' ? rawKey : typeof prefix === 'string' && typeof entryTempId === 'string' ? prefix + entryTempId : undefined;
    keys[i] = entryKey as string;
    const start = lineStart[i];
    if (start === -1) {
      const entry = entryRecordSchema.safeParse(whole[i]);
      if (!entry.success) return null;
      entries[i] = entry.data;
      wholeAt.add(i);
      // The columns name a whole entry too, as it is.
      if (entryId !== entry.data.id || entryKey !== entry.data.resourceKey) return null;
      continue;
    }
    const entrySeq = seq[i];
    const entryTarget = targetList[target[i] as number];
    const entryState = OUTBOX_STATES[state[i] as number];
    const entryAttempts = attempts[i];
    const entryReconcile = reconcile[i];
    const end = lineEnd[i];
    if (
      typeof entryId !== 'string' ||
      entryId === '' ||
      typeof entryKey !== 'string' ||
      entryKey === '' ||
      entryTarget === undefined ||
      entryState === undefined
    )
      return null;
    // An open that found a write in flight wrote the file anew, with it pending: an index never holds one.
    if (entryState === 'in_flight') return null;
    if (typeof entrySeq !== 'number' || typeof entryAttempts !== 'number' || !(entryReconcile === 0 || entryReconcile === 1)) return null;
    if (!(entryTempId === 0 || (typeof entryTempId === 'string' && entryTempId !== ''))) return null;
    if (typeof start !== 'number' || typeof end !== 'number' || start < 0 || end < start) return null;
    entries[i] = headerAt(
      entryId,
      entrySeq,
      entryKey,
      entryTarget,
      entryState,
      entryTempId,
      entryAttempts,
      entryReconcile === 1,
      dependsOn[i] as string[] | undefined,
    );
  }
  return {
    seq: o.queueSeq,
    lines: o.lines,
    lastAddedSeq: o.lastAddedSeq,
    ordered: o.ordered,
    mappings,
    sent: o.sent,
    entries,
    whole: wholeAt,
    ids: id as string[],
    keys,
    linesAt: (i) => [lineStart[i] as number, lineEnd[i] as number, ...((moreLines[i] as number[] | undefined) ?? [])],
    inputTempIdsAt: (i) => (inputTempIds[i] as string[] | undefined) ?? NONE,
  };
}

function headerAt(
  id: string,
  seq: number,
  key: string,
  target: [string, string, OutboxServer | null, string],
  state: OutboxState,
  tempId: 0 | string,
  attempts: number,
  reconcile: boolean,
  dependsOn: string[] | undefined,
): EntryHeader {
  // Indexed, not destructured: a destructuring walks an iterator, slow in code not compiled yet.
  const header: { -readonly [K in keyof EntryHeader]: EntryHeader[K] } = {
    id,
    seq,
    kind: target[0],
    accountId: target[1],
    operation: target[3],
    state,
    resourceKey: key,
    dependsOn: dependsOn ?? NONE,
    attempts,
  };
  if (target[2] !== null) header.server = target[2];
  if (tempId !== 0) header.tempId = tempId;
  if (reconcile) header.reconcile = true;
  return header;
}

/**
 * An indexed entry read whole from its lines: its add, then the state changes and edits after it. The lines are in
 * bytes the marker's checksum vouches for, checked when they were first read; one that does not read as the index
 * says means the two files were changed by hand since, and is refused.
 */
export function readIndexedEntry(bytes: Buffer, header: EntryHeader, lines: readonly number[], filePath: string): OutboxEntry {
  let entry: OutboxEntry | undefined;
  for (let i = 0; i < lines.length; i += 2) {
    let record: OutboxRecord;
    try {
      record = JSON.parse(bytes.toString('utf8', lines[i], lines[i + 1])) as OutboxRecord;
    } catch {
      record = { t: 'remove', id: '' };
    }
    if (record.t === 'add' && entry === undefined && record.entry.id === header.id) {
      const named = namedAsToday(record);
      entry = (named.t === 'add' ? named.entry : record.entry) as OutboxEntry;
    } else if (record.t === 'state' && entry !== undefined && record.id === header.id) applyStatePatch(entry, record);
    else if (record.t === 'edit' && entry !== undefined && record.id === header.id) applyEditPatch(entry, record);
    else throw new AppError('storage', `The outbox's index (beside ${filePath}) does not match the file: move the index away and run the command again.`);
  }
  if (entry === undefined || entry.seq !== header.seq || entry.state !== header.state || entry.resourceKey !== header.resourceKey) {
    throw new AppError('storage', `The outbox's index (beside ${filePath}) does not match the file: move the index away and run the command again.`);
  }
  return entry;
}
