import { z } from 'zod';
import type { BaseLevel } from '@shared/statuspal/levels';
import { DAY_MS, HISTORY_DAYS, MAX_HISTORY_COMPONENTS, type HistoryComponent, type HistoryIncident, type PageHistory } from '@shared/history/page-history';

/*
 * One watched page's history file: JSON lines, each a short array whose first item says what it is. Level
 * changes are the bulk, so they are tiny (`["l",3,2,1764240000]`, ~25 bytes): components are numbered once
 * by a `c` line, levels are ranks, times are seconds.
 *
 *   ["p", name, provider 0|1]                               the page (latest wins)
 *   ["c", index, key, name]                                 a component; key "page" is the page overall
 *   ["l", index, rank, atSec]                               from atSec the component is at rank; -1 = not observed
 *   ["x", atSec]                                            from atSec nothing of the page is observed
 *   ["i", id, title, rank, maintenance 0|1, startSec, resolvedSec | null]   an incident (latest wins per id)
 *
 * A change is appended as it is seen; the file is rewritten (compacted) to drop what is older than 90 days and
 * to stay under its byte cap.
 */

const LEVEL_BY_RANK: readonly BaseLevel[] = ['operational', 'scheduled', 'minor', 'major'];
export const RANK_OF: Readonly<Record<BaseLevel, number>> = { operational: 0, scheduled: 1, minor: 2, major: 3 };
/** "Not observed" as a rank. */
export const UNOBSERVED = -1;

const sec = z
  .number()
  .int()
  .min(0)
  .max(2 ** 40);

const isInt = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function isLevelLine(v: unknown): boolean {
  return Array.isArray(v) && v.length === 4 && v[0] === 'l' && isInt(v[1], 0, 100_000) && isInt(v[2], -1, 3) && isInt(v[3], 0, 2 ** 40);
}

const TAGGED = {
  p: z.tuple([z.literal('p'), z.string().max(500), z.union([z.literal(0), z.literal(1)])]),
  c: z.tuple([z.literal('c'), z.number().int().min(0).max(100_000), z.string().max(40), z.string().max(500)]),
  // Most of a file: checked by one predicate (a tuple schema costs five times the JSON.parse of the line).
  l: z.custom<['l', number, number, number]>(isLevelLine, 'not a level line'),
  x: z.tuple([z.literal('x'), sec]),
  i: z.tuple([
    z.literal('i'),
    z.number().int(),
    z.string().max(1_000),
    z.number().int().min(0).max(3),
    z.union([z.literal(0), z.literal(1)]),
    sec,
    sec.nullable(),
  ]),
} as const;

export const historyLineSchema = z.union([TAGGED.l, TAGGED.x, TAGGED.c, TAGGED.i, TAGGED.p]);

/** One line checked by the schema of its tag (the union would try each in turn: reading a file is mostly level lines). */
function checkLine(json: unknown): HistoryLine | null {
  if (!Array.isArray(json) || typeof json[0] !== 'string' || !Object.hasOwn(TAGGED, json[0])) return null;
  const result = TAGGED[json[0] as keyof typeof TAGGED].safeParse(json);
  return result.success ? (result.data as HistoryLine) : null;
}

export type HistoryLine = z.infer<typeof historyLineSchema>;
export type IncidentLine = Extract<HistoryLine, ['i', ...unknown[]]>;

interface ParsedLog {
  lines: HistoryLine[];
  /** Lines that were neither JSON nor a history line (a torn last line is not counted). */
  invalid: number;
  tornTail: boolean;
}

/**
 * What no line we write holds (JSON.stringify escapes control characters) and bytes that were not UTF-8: an
 * unfinished last line with them is damage (garbage, a binary file), not an append a crash cut short.
 */
function notJsonText(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code < 0x20 || code === 0xfffd) return true;
  }
  return false;
}

export function parseLog(text: string): ParsedLog {
  const raw = text.split('\n');
  const endsClean = text === '' || text.endsWith('\n');
  const lines: HistoryLine[] = [];
  let invalid = 0;
  let tornTail = false;
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i]!;
    if (line === '') continue;
    let parsed: HistoryLine | null;
    try {
      parsed = checkLine(JSON.parse(line));
    } catch {
      parsed = null;
    }
    if (parsed) lines.push(parsed);
    else if (i === raw.length - 1 && !endsClean && !notJsonText(line)) tornTail = true;
    else invalid++;
  }
  return { lines, invalid, tornTail };
}

export function serializeLines(lines: readonly HistoryLine[]): string {
  let text = '';
  for (const line of lines) text += `${JSON.stringify(line)}\n`;
  return text;
}

/** A page's history as a model: closed segments, what is open now, the incidents. */
export interface LogModel {
  name: string;
  provider: boolean;
  components: Map<number, { key: string; name: string }>;
  /** Closed segments per component index, in time order: [startSec, endSec, rank]. */
  segments: Map<number, Array<[number, number, number]>>;
  /** Levels seen and not yet ended: the component is at `rank` since `since`. */
  open: Map<number, { rank: number; since: number }>;
  incidents: Map<number, IncidentLine>;
  /** The latest time any line names. */
  lastSec: number;
}

export function emptyModel(): LogModel {
  return { name: '', provider: false, components: new Map(), segments: new Map(), open: new Map(), incidents: new Map(), lastSec: 0 };
}

function close(model: LogModel, index: number, at: number): void {
  const open = model.open.get(index);
  if (!open) return;
  model.open.delete(index);
  if (at <= open.since) return;
  let list = model.segments.get(index);
  if (!list) model.segments.set(index, (list = []));
  const last = list[list.length - 1];
  // The same level on both sides of a restart of the line (a compaction, a repeated line) is one segment.
  if (last && last[1] === open.since && last[2] === open.rank) last[1] = at;
  else list.push([open.since, at, open.rank]);
}

/** Applies one line to the model (lines are applied in file order, which is time order). */
export function applyLine(model: LogModel, line: HistoryLine): void {
  switch (line[0]) {
    case 'p':
      model.name = line[1];
      model.provider = line[2] === 1;
      return;
    case 'c':
      model.components.set(line[1], { key: line[2], name: line[3] });
      return;
    case 'l': {
      const [, index, level, at] = line;
      model.lastSec = Math.max(model.lastSec, at);
      const open = model.open.get(index);
      if (open && open.rank === level) return;
      close(model, index, at);
      if (level !== UNOBSERVED) model.open.set(index, { rank: level, since: at });
      return;
    }
    case 'x':
      model.lastSec = Math.max(model.lastSec, line[1]);
      for (const index of [...model.open.keys()]) close(model, index, line[1]);
      return;
    case 'i':
      model.lastSec = Math.max(model.lastSec, line[6] ?? line[5]);
      model.incidents.set(line[1], line);
      return;
  }
}

export function modelOf(lines: readonly HistoryLine[]): LogModel {
  const model = emptyModel();
  for (const line of lines) applyLine(model, line);
  return model;
}

/** Ends everything open at `at` (the app stopped, the page stopped being observed). */
export function closeAll(model: LogModel, at: number): void {
  for (const index of [...model.open.keys()]) close(model, index, Math.max(at, model.open.get(index)!.since));
}

/**
 * The lines that say the same from `cutoffSec` on, shortest first: components still referred to, then
 * every segment as a level line and a not-observed line where it ends, the open levels last, incidents
 * that end after the cutoff.
 */
export function compactLines(model: LogModel, cutoffSec: number): HistoryLine[] {
  const out: HistoryLine[] = [['p', model.name, model.provider ? 1 : 0]];
  const timed: Array<[number, HistoryLine]> = [];
  for (const [index, list] of model.segments) {
    for (let i = 0; i < list.length; i++) {
      const [start, end, level] = list[i]!;
      if (end <= cutoffSec) continue;
      timed.push([Math.max(start, cutoffSec), ['l', index, level, Math.max(start, cutoffSec)]]);
      const next = list[i + 1];
      const continues = (next && next[0] === end) || (!next && model.open.get(index)?.since === end);
      if (!continues) timed.push([end, ['l', index, UNOBSERVED, end]]);
    }
  }
  for (const [index, open] of model.open) {
    const at = Math.max(open.since, cutoffSec);
    timed.push([at, ['l', index, open.rank, at]]);
  }
  for (const [id, incident] of model.incidents) {
    const end = incident[6];
    if (end !== null && end <= cutoffSec) continue;
    // One seen open and never again (its page stopped being watched) goes after twice the keep time.
    if (end === null && incident[5] < cutoffSec - HISTORY_KEEP_MS / 1000) continue;
    timed.push([incident[5], incident]);
    void id;
  }
  // Every component, used lately or not: the app goes on naming it by its number.
  for (const [index, component] of model.components) out.push(['c', index, component.key, component.name]);
  // Stable sort: at one instant, an end comes before the next start because it was pushed first per component.
  timed.sort((a, b) => a[0] - b[0] || order(a[1]) - order(b[1]));
  for (const [, line] of timed) out.push(line);
  return out;
}

/** At one instant a not-observed line goes before a level line, so a new segment is not closed at once. */
function order(line: HistoryLine): number {
  return line[0] === 'l' && line[2] === UNOBSERVED ? 0 : 1;
}

interface HistoryWindow {
  pageId: string;
  fromMs: number;
  toMs: number;
  /** Where open levels end: the last successful poll (a live page) or the last heartbeat. */
  openUntilSec: number;
}

/** The IPC/CLI shape of a model, cut to the window; time not covered by a segment was not observed. */
export function pageHistoryOf(model: LogModel, window: HistoryWindow): PageHistory {
  const fromSec = Math.floor(window.fromMs / 1000);
  const toSec = Math.ceil(window.toMs / 1000);
  const componentOf = (index: number): HistoryComponent => {
    const meta = model.components.get(index);
    const segments: HistoryComponent['segments'] = [];
    const push = (start: number, end: number, level: number): void => {
      const s = Math.max(start, fromSec);
      const e = Math.min(end, toSec);
      if (e > s) segments.push({ start: s * 1000, end: e * 1000, level: LEVEL_BY_RANK[level]! });
    };
    for (const [start, end, level] of model.segments.get(index) ?? []) push(start, end, level);
    const open = model.open.get(index);
    if (open) push(open.since, window.openUntilSec, open.rank);
    return { key: meta?.key ?? `#${index}`, name: meta?.name ?? 'Unknown component', segments };
  };
  let overall: HistoryComponent = { key: 'page', name: 'Overall', segments: [] };
  const components: HistoryComponent[] = [];
  for (const [index, meta] of model.components) {
    if (meta.key === 'page') overall = { ...componentOf(index), name: 'Overall' };
    else if (components.length < MAX_HISTORY_COMPONENTS) {
      const component = componentOf(index);
      if (component.segments.length > 0) components.push(component);
    }
  }
  const incidents: HistoryIncident[] = [];
  for (const line of model.incidents.values()) {
    const [, id, title, level, maintenance, start, resolved] = line;
    if (start > toSec || (resolved !== null && resolved < fromSec)) continue;
    incidents.push({
      id,
      title,
      level: LEVEL_BY_RANK[level]!,
      maintenance: maintenance === 1,
      start: start * 1000,
      resolved: resolved === null ? null : resolved * 1000,
    });
  }
  incidents.sort((a, b) => b.start - a.start);
  return {
    pageId: window.pageId,
    name: model.name,
    provider: model.provider,
    from: window.fromMs,
    to: window.toMs,
    overall,
    components,
    incidents: incidents.slice(0, 5_000),
  };
}

export const HISTORY_KEEP_MS = HISTORY_DAYS * DAY_MS;
