import fsp from 'node:fs/promises';
import path from 'node:path';
import { monitorEventSchema, type MonitorEvent } from '@shared/monitor/events';
import { quarantineFile } from '@core/storage/quarantine';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readIfPresent } from '@core/storage/read-if-present';

/*
 * The notification centre's memory: the last `limit` events, in their own JSON-lines file in
 * the data folder. Appends are cheap (one appendFile per poll with events); when the file holds
 * twice the limit it is rewritten atomically with the last `limit` events. A file with lines
 * that do not parse or validate is moved aside (quarantineFile) and rewritten with the valid
 * lines; a torn last line (crash mid-append) is only dropped. Losing history is an annoyance,
 * not data loss, so appends are not fsynced.
 */

const DEFAULT_HISTORY_LIMIT = 1_000;
const HISTORY_FILE_NAME = 'monitor-events.jsonl';

/** Where the monitor sends its events; EventHistory is one. */
export interface EventSink {
  append(events: readonly MonitorEvent[]): Promise<void> | void;
}

interface HistoryLoadReport {
  /** Valid events read (before trimming to the limit). */
  valid: number;
  /** Lines that were neither JSON nor a monitor event. */
  invalid: number;
  /** The last line was cut short (crash while appending) and dropped. */
  tornTail: boolean;
  /** Where the corrupt file was moved, when it was. */
  quarantinedTo: string | null;
}

interface EventHistoryOptions {
  filePath: string;
  limit?: number;
  /** Told about a quarantined file (the app shows it as a problem). */
  onCorrupt?: (report: HistoryLoadReport) => void;
  now?: () => Date;
}

interface HistoryQuery {
  /** At most this many, newest first. */
  limit?: number;
  pageId?: string;
  types?: readonly MonitorEvent['type'][];
}

export class EventHistory implements EventSink {
  readonly filePath: string;
  readonly limit: number;
  #events: MonitorEvent[];
  readonly #ids: Set<string>;
  #linesInFile: number;
  #queue: Promise<void> = Promise.resolve();

  private constructor(
    filePath: string,
    limit: number,
    events: MonitorEvent[],
    linesInFile: number,
    readonly loadReport: HistoryLoadReport,
  ) {
    this.filePath = filePath;
    this.limit = limit;
    this.#events = events;
    this.#ids = new Set(events.map((e) => e.id));
    this.#linesInFile = linesInFile;
  }

  /** Reads the file (missing = empty), repairing it when needed. */
  static async open(options: EventHistoryOptions): Promise<EventHistory> {
    const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_HISTORY_LIMIT));
    const filePath = options.filePath;
    const text = (await readIfPresent(filePath))?.toString('utf8') ?? '';
    const lines = text.split('\n');
    const endsClean = text.endsWith('\n') || text === '';
    const valid: MonitorEvent[] = [];
    let invalid = 0;
    let tornTail = false;
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      const event = parseLine(line);
      if (event) valid.push(event);
      else if (index === lines.length - 1 && !endsClean) tornTail = true;
      else invalid++;
    });
    const kept = dedupe(valid).slice(-limit);
    const report: HistoryLoadReport = { valid: valid.length, invalid, tornTail, quarantinedTo: null };
    let linesInFile = valid.length;
    if (invalid > 0) {
      report.quarantinedTo = quarantineFile(filePath, options.now?.() ?? new Date());
      await writeFileAtomic(filePath, serialize(kept));
      linesInFile = kept.length;
      options.onCorrupt?.(report);
    } else if (tornTail || valid.length > 2 * limit) {
      await writeFileAtomic(filePath, serialize(kept));
      linesInFile = kept.length;
    }
    return new EventHistory(filePath, limit, kept, linesInFile, report);
  }

  get size(): number {
    return this.#events.length;
  }

  /** Newest first. */
  list(query: HistoryQuery = {}): MonitorEvent[] {
    const types = query.types ? new Set(query.types) : null;
    const max = query.limit ?? this.limit;
    const out: MonitorEvent[] = [];
    for (let i = this.#events.length - 1; i >= 0 && out.length < max; i--) {
      const event = this.#events[i]!;
      if (query.pageId !== undefined && event.page.id !== query.pageId) continue;
      if (types && !types.has(event.type)) continue;
      out.push(event);
    }
    return out;
  }

  /** Keeps them in memory at once; the file write is queued behind earlier ones. */
  append(events: readonly MonitorEvent[]): Promise<void> {
    const fresh = events.filter((e) => !this.#ids.has(e.id));
    if (fresh.length === 0) return this.#queue;
    for (const event of fresh) {
      this.#events.push(event);
      this.#ids.add(event.id);
    }
    if (this.#events.length > this.limit) {
      for (const old of this.#events.splice(0, this.#events.length - this.limit)) this.#ids.delete(old.id);
    }
    const text = serialize(fresh);
    return this.#enqueue(async () => {
      await fsp.mkdir(path.dirname(this.filePath), { recursive: true });
      if (this.#linesInFile + fresh.length > 2 * this.limit) {
        await writeFileAtomic(this.filePath, serialize(this.#events));
        this.#linesInFile = this.#events.length;
      } else {
        await fsp.appendFile(this.filePath, text, { encoding: 'utf8', mode: 0o600 });
        this.#linesInFile += fresh.length;
      }
    });
  }

  async clear(): Promise<void> {
    this.#events = [];
    this.#ids.clear();
    await this.#enqueue(async () => {
      await fsp.mkdir(path.dirname(this.filePath), { recursive: true });
      await writeFileAtomic(this.filePath, '');
      this.#linesInFile = 0;
    });
  }

  /** Waits for every queued write. */
  flush(): Promise<void> {
    return this.#queue;
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task, task);
    // A failed write is reported to its caller; the next one still runs.
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

function parseLine(line: string): MonitorEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return null;
  }
  const result = monitorEventSchema.safeParse(json);
  return result.success ? result.data : null;
}

function dedupe(events: MonitorEvent[]): MonitorEvent[] {
  const seen = new Set<string>();
  const out: MonitorEvent[] = [];
  for (const event of events) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    out.push(event);
  }
  return out;
}

function serialize(events: readonly MonitorEvent[]): string {
  let text = '';
  for (const event of events) text += `${JSON.stringify(event)}\n`;
  return text;
}

/** The history file in a data folder. */
export function historyFilePath(dataDir: string): string {
  return path.join(dataDir, HISTORY_FILE_NAME);
}
