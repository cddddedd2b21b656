import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PageState } from '@shared/monitor/page-state';
import type { PageSnapshot } from '@shared/monitor/snapshot';
import { MAX_HISTORY_COMPONENTS, type PageHistory } from '@shared/history/page-history';
import { overlapAcross, type OverlapResult } from '@shared/history/overlap';
import { quarantineFile } from '@core/storage/quarantine';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readIfPresent } from '@core/storage/read-if-present';
import { countWords } from '@shared/people-words/count-words';
import { DEFAULT_CAP_BYTES, HEARTBEAT_FILE_NAME, UNREADABLE_CAPS, historyDir, pageFileName, readHeartbeat, readPageHistoryFile } from './history-files';
import { forEachComponent, liveOf, takeInIncidents, type LivePage } from './live-page';
import {
  HISTORY_KEEP_MS,
  RANK_OF,
  UNOBSERVED,
  applyLine,
  closeAll,
  compactLines,
  modelOf,
  parseLog,
  serializeLines,
  type HistoryLine,
  type LogModel,
} from './history-log';

/*
 * Provider history: what the monitor saw of each watched page, kept 90 days in `provider-history/<page id>.jsonl`
 * (history-log.ts has the format). Fed by the monitor's page states (no request of its own): a level is
 * observed at a successful poll and lasts until the next one; a page that is stale, pending, paused (offline,
 * asleep), no longer watched or whose app was closed is not observed from its last successful poll on, never
 * up. `observed.json` beside the files holds each page's last successful poll, written every few minutes, so
 * that after a crash a level ends where it was last seen, not at the next start.
 *
 * Memory holds only what the next poll is compared with (LivePage: a few hundred bytes a page); reads go to
 * the files. Each file stays under `capBytes` (the oldest days go first) and is compacted once a day; a file
 * with damaged lines is moved aside (quarantineFile) and written again with the lines that parse.
 */

const HEARTBEAT_EVERY_MS = 5 * 60_000;
const COMPACT_EVERY_MS = 86_400_000;

interface ProviderHistoryOptions {
  dataDir: string;
  now?: () => number;
  capBytes?: number;
  /** Told in words when a damaged file was moved aside. */
  onCorrupt?: (message: string) => void;
  /** Ids of the pages watched now; a page that is not is closed at its last successful poll. */
  watchedPageIds?: () => readonly string[];
}

export class ProviderHistoryStore {
  readonly dir: string;
  readonly #options: ProviderHistoryOptions;
  readonly #now: () => number;
  readonly #cap: number;
  readonly #live = new Map<string, LivePage>();
  #heartbeat: Record<string, number> = {};
  #heartbeatDirty = false;
  #heartbeatTimer: NodeJS.Timeout | null = null;
  #heartbeatWrite: Promise<void> = Promise.resolve();
  /** The pages watched at the last tick: one gone since was removed by the user, and its file goes with it. */
  #watchedBefore: ReadonlySet<string> = new Set();
  #forgottenAt = 0;
  #loading = new Map<string, Promise<LivePage>>();
  /** States of a page whose file is being read: taken in, in order, once it is. */
  readonly #pending = new Map<string, PageState[]>();
  #disposed = false;
  /**
   * Every file operation, one at a time: 500 pages' first polls arrive together, and 500 reads and writes at
   * once would cost the app tens of MB of memory for a moment (the 500-pages bench's RSS) for no gain.
   */
  #io: Promise<unknown> = Promise.resolve();

  private constructor(options: ProviderHistoryOptions) {
    this.#options = options;
    this.dir = historyDir(options.dataDir);
    this.#now = options.now ?? Date.now;
    this.#cap = options.capBytes ?? DEFAULT_CAP_BYTES;
  }

  static async open(options: ProviderHistoryOptions): Promise<ProviderHistoryStore> {
    const store = new ProviderHistoryStore(options);
    await fsp.mkdir(store.dir, { recursive: true, mode: 0o700 });
    store.#heartbeat = await readHeartbeat(store.dir);
    store.#watchedBefore = new Set(options.watchedPageIds?.() ?? []);
    await store.#forgetOldFiles();
    store.#heartbeatTimer = setInterval(() => void store.#tick(), HEARTBEAT_EVERY_MS);
    store.#heartbeatTimer.unref?.();
    return store;
  }

  /** Files of pages nobody has watched for 90 days go (the store stays bounded by the pages watched lately). */
  async #forgetOldFiles(): Promise<void> {
    this.#forgottenAt = this.#now();
    const cutoff = this.#now() - HISTORY_KEEP_MS;
    for (const name of await fsp.readdir(this.dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const file = path.join(this.dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true });
    }
    // A heartbeat whose page has no file left has nothing to end.
    for (const pageId of Object.keys(this.#heartbeat)) {
      if (this.#live.has(pageId) || (await fsp.stat(path.join(this.dir, pageFileName(pageId))).catch(() => null))) continue;
      delete this.#heartbeat[pageId];
      this.#heartbeatDirty = true;
    }
  }

  /** A page's state from the monitor: taken in when it carries a new successful poll or a change of status. */
  observe(state: PageState): void {
    if (this.#disposed) return;
    const live = this.#live.get(state.pageId);
    if (!live) {
      // The first state of a page since the start: its file is read once, then states are compared in memory.
      const pending = this.#pending.get(state.pageId);
      if (pending) pending.push(state);
      else this.#pending.set(state.pageId, [state]);
      if (!this.#loading.has(state.pageId)) {
        const loading = this.#load(state.pageId, state).then((page) => {
          this.#loading.delete(state.pageId);
          for (const waiting of this.#pending.get(state.pageId) ?? []) this.#take(page, waiting);
          this.#pending.delete(state.pageId);
          return page;
        });
        loading.catch(() => this.#loading.delete(state.pageId));
        this.#loading.set(state.pageId, loading);
      }
      return;
    }
    this.#take(live, state);
  }

  #take(live: LivePage, state: PageState): void {
    const seenAt = state.lastSuccessAt ? Math.floor(Date.parse(state.lastSuccessAt) / 1000) : 0;
    const observing = state.status === 'ok' && !state.stale && state.paused === null && state.summary !== null;
    const lines: HistoryLine[] = [];
    if (!observing) {
      if (live.observing) lines.push(['x', live.lastSeen]);
      live.observing = false;
      this.#append(state.pageId, live, lines);
      return;
    }
    if (live.observing && seenAt <= live.lastSeen && state.summary === live.summary) return;
    const at = Math.max(seenAt, live.lastSeen);
    const summary = state.summary!;
    if (!live.observing || summary !== live.summary || state.name !== live.name) {
      const provider = state.kind === 'provider';
      if (state.name !== live.name || provider !== live.provider) lines.push(['p', state.name, provider ? 1 : 0]);
      live.name = state.name;
      live.provider = provider;
      this.#levels(live, summary, at, lines);
      takeInIncidents(live, [...summary.incidents, ...summary.maintenances], at, lines);
      live.summary = summary;
      live.fileNames = null;
    }
    live.observing = true;
    live.lastSeen = at;
    this.#heartbeat[state.pageId] = at;
    this.#heartbeatDirty = true;
    this.#append(state.pageId, live, lines);
  }

  /**
   * The level lines (and component lines) that take the file from `live.summary` to `summary`. While observed,
   * the file's open levels are those of `live.summary`; after a pause (or a start) nothing is open, so every
   * level is written again.
   */
  #levels(live: LivePage, summary: PageSnapshot, at: number, lines: HistoryLine[]): void {
    const before = new Map<string, { name: string; rank: number }>();
    if (live.summary) {
      before.set('page', { name: 'Overall', rank: RANK_OF[live.summary.level] });
      forEachComponent(live.summary.services, (key, name, rank) => before.set(key, { name, rank }));
    }
    const indexOf = new Map<string, number>();
    if (live.pageIndex >= 0) indexOf.set('page', live.pageIndex);
    live.ids.forEach((id, index) => Number.isNaN(id) || indexOf.set(`s${id}`, index));
    const added: Array<[number, number]> = [];
    let next = live.ids.length;
    const seen = new Set<number>();
    const level = (key: string, name: string, rank: number): void => {
      let index = indexOf.get(key);
      if (index === undefined) {
        if (live.count > MAX_HISTORY_COMPONENTS) return;
        index = next++;
        live.count++;
        indexOf.set(key, index);
        added.push([index, key === 'page' ? Number.NaN : Number(key.slice(1))]);
        if (key === 'page') live.pageIndex = index;
        lines.push(['c', index, key, name]);
      } else if ((live.fileNames ? live.fileNames.get(index) : before.get(key)?.name) !== name) lines.push(['c', index, key, name]);
      seen.add(index);
      if (!live.observing || before.get(key)?.rank !== rank) lines.push(['l', index, rank, at]);
    };
    level('page', 'Overall', RANK_OF[summary.level]);
    forEachComponent(summary.services, level);
    if (live.observing) {
      for (const key of before.keys()) {
        const index = indexOf.get(key);
        if (index !== undefined && !seen.has(index)) lines.push(['l', index, UNOBSERVED, at]);
      }
    }
    if (added.length > 0) {
      const ids = new Float64Array(next).fill(Number.NaN);
      ids.set(live.ids);
      for (const [index, id] of added) ids[index] = id;
      live.ids = ids;
    }
  }

  #append(pageId: string, live: LivePage, lines: HistoryLine[]): void {
    if (lines.length === 0) return;
    const text = serializeLines(lines);
    live.bytes += Buffer.byteLength(text);
    const file = path.join(this.dir, pageFileName(pageId));
    const due = live.bytes > this.#cap || this.#now() - live.compactedAt > COMPACT_EVERY_MS;
    void this.#enqueue(async () => {
      if (due) await this.#compact(pageId, live, lines);
      else await fsp.appendFile(file, text, { encoding: 'utf8', mode: 0o600 });
    }).catch(() => undefined);
  }

  /** Reads a page's file into memory (closing what a crash left open), compacting it when due. */
  #load(pageId: string, state: PageState): Promise<LivePage> {
    return this.#enqueue(() => this.#loadNow(pageId, state));
  }

  async #loadNow(pageId: string, state: PageState): Promise<LivePage> {
    const file = path.join(this.dir, pageFileName(pageId));
    const size = (await fsp.stat(file).catch(() => null))?.size ?? 0;
    if (size > UNREADABLE_CAPS * this.#cap) {
      const movedTo = quarantineFile(file, new Date(this.#now()));
      this.#options.onCorrupt?.(
        `The history of ${state.name} was too large to be read (${(size / 2 ** 20).toFixed(1)} MB, at most ${(this.#cap / 1024).toFixed(0)} KiB expected). It was moved to ${movedTo} and a new history begins.`,
      );
    }
    const text = (await readIfPresent(file))?.toString('utf8') ?? '';
    const parsed = parseLog(text);
    const model = modelOf(parsed.lines);
    // Levels still open in the file were seen until the last heartbeat (or the file's last line), no longer.
    if (model.open.size > 0) closeAll(model, Math.max(this.#heartbeat[pageId] ?? 0, model.lastSec));
    const live = liveOf(model);
    live.bytes = Buffer.byteLength(text);
    // A file read whole here is compacted below; an empty one has nothing to compact.
    live.compactedAt = this.#now();
    if (parsed.invalid > 0) {
      const movedTo = quarantineFile(file, new Date(this.#now()));
      this.#options.onCorrupt?.(
        `The history of ${state.name} could not be read whole (${countWords(parsed.invalid, 'damaged line')}). It was moved to ${movedTo} and what could be read was kept.`,
      );
    }
    if (text !== '') await this.#rewrite(pageId, live, model);
    this.#live.set(pageId, live);
    return live;
  }

  /** The file as it is on disk plus `pending` (lines not appended yet), rewritten (see #rewrite). */
  async #compact(pageId: string, live: LivePage, pending: readonly HistoryLine[]): Promise<void> {
    const text = (await readIfPresent(path.join(this.dir, pageFileName(pageId))))?.toString('utf8') ?? '';
    const model = modelOf(parseLog(text).lines);
    for (const line of pending) applyLine(model, line);
    await this.#rewrite(pageId, live, model);
  }

  /** Rewrites the file with the last 90 days, and fewer when that is over the cap (the oldest days go first). */
  async #rewrite(pageId: string, live: LivePage, model: LogModel): Promise<void> {
    // Every component the page has had keeps its number: later lines name it by that number (a file that lost
    // one, cut or moved away meanwhile, has it again, named as the summary names it).
    const names = new Map<string, string>();
    if (live.summary) forEachComponent(live.summary.services, (key, name) => names.set(key, name));
    if (live.pageIndex >= 0 && !model.components.has(live.pageIndex)) model.components.set(live.pageIndex, { key: 'page', name: 'Overall' });
    live.ids.forEach((id, index) => {
      const key = `s${id}`;
      if (!Number.isNaN(id) && !model.components.has(index)) model.components.set(index, { key, name: names.get(key) ?? key });
    });
    const nowSec = Math.floor(this.#now() / 1000);
    let cutoff = nowSec - HISTORY_KEEP_MS / 1000;
    let lines = compactLines(model, cutoff);
    let text = serializeLines(lines);
    // Over the cap: give up the oldest quarter of what is left until the file is under three quarters of it.
    while (Buffer.byteLength(text) > (this.#cap * 3) / 4 && cutoff < nowSec) {
      cutoff += Math.max(3_600, Math.floor((nowSec - cutoff) / 4));
      lines = compactLines(model, cutoff);
      text = serializeLines(lines);
    }
    await writeFileAtomic(path.join(this.dir, pageFileName(pageId)), text);
    live.bytes = Buffer.byteLength(text);
    live.compactedAt = this.#now();
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#io.then(task, task);
    this.#io = run.catch(() => undefined);
    return run;
  }

  /**
   * Every few minutes: the heartbeat is written when it moved, and what a page the user stopped watching left
   * behind goes (its file, its heartbeat, its live state), so the store holds the pages watched now and no more.
   * Only a removal seen here counts: pages missing from the start (settings moved aside as damaged, say) keep
   * their files until they are 90 days old, which is also checked once a day while the app runs.
   */
  async #tick(): Promise<void> {
    if (this.#options.watchedPageIds) {
      const watched = new Set(this.#options.watchedPageIds());
      const removed = [...this.#watchedBefore, ...this.#live.keys()].filter((pageId) => !watched.has(pageId));
      this.#watchedBefore = watched;
      for (const pageId of new Set(removed)) await this.#forget(pageId);
    }
    if (this.#now() - this.#forgottenAt >= COMPACT_EVERY_MS) await this.#enqueue(() => this.#forgetOldFiles()).catch(() => undefined);
    await this.#writeHeartbeat();
  }

  /** A page no longer watched: nothing of it is kept (a page watched again is a new page, with a new id). */
  async #forget(pageId: string): Promise<void> {
    await this.#loading.get(pageId)?.catch(() => undefined);
    this.#live.delete(pageId);
    this.#pending.delete(pageId);
    if (pageId in this.#heartbeat) {
      delete this.#heartbeat[pageId];
      this.#heartbeatDirty = true;
    }
    await this.#enqueue(() => fsp.rm(path.join(this.dir, pageFileName(pageId)), { force: true })).catch(() => undefined);
  }

  async #writeHeartbeat(): Promise<void> {
    if (!this.#heartbeatDirty) return this.#heartbeatWrite;
    this.#heartbeatDirty = false;
    const text = JSON.stringify({ version: 1, seen: this.#heartbeat });
    this.#heartbeatWrite = this.#heartbeatWrite.then(() => writeFileAtomic(path.join(this.dir, HEARTBEAT_FILE_NAME), text)).catch(() => undefined);
    return this.#heartbeatWrite;
  }

  /** What the store holds in memory (the soak's and diagnostics' view): both bounded by the pages watched now. */
  footprint(): { livePages: number; heartbeatPages: number } {
    return { livePages: this.#live.size, heartbeatPages: Object.keys(this.#heartbeat).length };
  }

  /** Waits for every write planned so far. */
  async flush(): Promise<void> {
    await this.#settled();
    await this.#writeHeartbeat();
  }

  /** Until no file is being read and no write waits (a read taken in may plan writes of its own). */
  async #settled(): Promise<void> {
    let io: Promise<unknown>;
    do {
      io = this.#io;
      await Promise.all([...this.#loading.values()].map((p) => p.catch(() => undefined)));
      await io.catch(() => undefined);
    } while (io !== this.#io || this.#loading.size > 0);
  }

  /** One page's history over the last `days` (at most 90); null when it was never observed. */
  async read(pageId: string, days: number): Promise<PageHistory | null> {
    await this.#loading.get(pageId)?.catch(() => undefined);
    const live = this.#live.get(pageId);
    const toMs = this.#now();
    const fromMs = toMs - Math.min(days, 90) * 86_400_000;
    await this.#settled();
    // A page watched and answering now is observed up to now: its level holds until the next poll says otherwise.
    const openUntilSec = live?.observing ? Math.max(live.lastSeen, Math.floor(toMs / 1000)) : undefined;
    return readPageHistoryFile(this.dir, pageId, { fromMs, toMs, heartbeat: this.#heartbeat, ...(openUntilSec === undefined ? {} : { openUntilSec }) });
  }

  /** "What else was down then" across `pageIds` (the watched pages). */
  async overlap(pageIds: readonly string[], fromMs: number, toMs: number): Promise<OverlapResult> {
    const histories: PageHistory[] = [];
    const days = Math.max(1, Math.ceil((this.#now() - fromMs) / 86_400_000));
    for (const pageId of pageIds) {
      const history = await this.read(pageId, days);
      if (history) histories.push(history);
    }
    return overlapAcross(histories, fromMs, toMs);
  }

  async dispose(): Promise<void> {
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer);
    this.#heartbeatTimer = null;
    await this.flush();
    this.#disposed = true;
  }
}
