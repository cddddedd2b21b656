import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProviderHistoryStore } from '../electron/core/history/provider-history-store';
import { DEFAULT_CAP_BYTES, historyDir, pageFileName } from '../electron/core/history/history-files';
import { RANK_OF, compactLines, emptyModel, serializeLines, type LogModel } from '../electron/core/history/history-log';
import { HISTORY_DAYS } from '../shared/history/page-history';

/*
 * The provider history store: 500 watched pages × 90 days of realistic history on disk,
 * written as the store's daily compaction writes it, then read through the store.
 *
 * Each page (a seeded random walk, the same every run): 10–20 components (a few in groups); about 4 level
 * changes a day, each taking 1–3 components to minor or major for 5 minutes to 3 hours and back; 3 incidents a
 * week; and on 3 days in 10 a stretch of up to 10 hours not observed (the laptop shut), after which every
 * component is seen again.
 *
 * Figures:
 * - bytes on disk: total, and per page against a floor of 6 bytes a level change (the least a packed binary
 *   record could take: a 32-bit time, a component and a level), with the incidents' titles as raw UTF-8.
 *   Budget (ours): ≤ 5× that floor, and every file under the store's cap (256 KiB).
 * - read of one page's 90 days (file → zod-checked lines → segments → the IPC shape) against `fs.readFile` +
 *   `JSON.parse` of each line of the same file; median over every page once. Budget (ours): ≤ 3×.
 * - "what else was down then" for a 2-hour window across all 500 pages against `fs.readFile` + `JSON.parse` of
 *   the same 500 files. Budget (ours): ≤ 3×.
 * Run: npx tsx bench/history.bench.ts
 */

export const HISTORY_BUDGETS = { bytesRatio: 5, readRatio: 3, overlapRatio: 3 } as const;

export interface HistoryBenchResult {
  name: 'history';
  pages: number;
  days: number;
  totalBytes: number;
  bytesPerPage: number;
  maxFileBytes: number;
  capBytes: number;
  levelChangesPerPage: number;
  floorBytesPerPage: number;
  bytesRatio: number;
  readMs: number;
  readFloorMs: number;
  readRatio: number;
  overlapMs: number;
  overlapFloorMs: number;
  overlapRatio: number;
  overlapRows: number;
}

/** A small seeded generator (mulberry32): the same history every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pageModel(seed: number, nowSec: number): { model: LogModel; changes: number; titleBytes: number } {
  const rnd = random(seed);
  const model = emptyModel();
  model.name = `Provider ${seed}`;
  model.provider = true;
  const count = 10 + Math.floor(rnd() * 11);
  model.components.set(0, { key: 'page', name: 'Overall' });
  for (let i = 1; i <= count; i++) model.components.set(i, { key: `s${1000 + i}`, name: i % 5 === 0 ? `Region ${i} › Compute` : `Component ${i}` });
  const start = nowSec - HISTORY_DAYS * 86_400;
  // Per component: a list of [from, to, rank] departures from operational, and shared gaps not observed.
  const bad = new Map<number, Array<[number, number, number]>>();
  const gaps: Array<[number, number]> = [];
  let incidents = 0;
  let titleBytes = 0;
  for (let day = 0; day < HISTORY_DAYS; day++) {
    const dayStart = start + day * 86_400;
    if (rnd() < 0.3) {
      const from = dayStart + Math.floor(rnd() * 14 * 3600);
      gaps.push([from, from + Math.floor(rnd() * 10 * 3600)]);
    }
    for (let c = 0; c < 4; c++) {
      const at = dayStart + Math.floor(rnd() * 86_000);
      const length = 300 + Math.floor(rnd() * 3 * 3600);
      const rank = rnd() < 0.7 ? RANK_OF.minor : RANK_OF.major;
      const touched = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < touched; k++) {
        const index = 1 + Math.floor(rnd() * count);
        const list = bad.get(index) ?? [];
        const last = list.at(-1);
        if (!last || last[1] < at) list.push([at, at + length, rank]);
        bad.set(index, list);
      }
      if (rnd() < 3 / 28) {
        const title = `Elevated error rates for component ${1 + Math.floor(rnd() * count)} in some regions`;
        titleBytes += Buffer.byteLength(title);
        model.incidents.set(seed * 1000 + incidents, ['i', seed * 1000 + incidents, title, rank, 0, at, at + length]);
        incidents++;
      }
    }
  }
  // Segments: operational between departures, cut by the gaps; the page overall follows the worst component.
  const inGap = (t: number) => gaps.some(([a, b]) => t >= a && t < b);
  let changes = 0;
  for (let index = 1; index <= count; index++) {
    const points: Array<[number, number]> = [[start, 0]];
    for (const [from, to, rank] of bad.get(index) ?? []) points.push([from, rank], [to, 0]);
    for (const [a, b] of gaps) points.push([a, -1], [b, -2]);
    points.sort((x, y) => x[0] - y[0]);
    const segments: Array<[number, number, number]> = [];
    let level = 0;
    let since = start;
    let observed = true;
    for (const [t, what] of points) {
      if (t > nowSec) break;
      if (what === -1) {
        if (observed && t > since) segments.push([since, t, level]);
        observed = false;
        continue;
      }
      if (what === -2) {
        observed = true;
        since = t;
        continue;
      }
      if (observed && t > since && what !== level) {
        segments.push([since, t, level]);
        since = t;
      }
      if (what !== level && !inGap(t)) changes++;
      level = what;
    }
    model.segments.set(index, segments);
    if (observed) model.open.set(index, { rank: level, since });
  }
  model.segments.set(0, [[start, nowSec - 600, 0]]);
  model.open.set(0, { rank: 0, since: nowSec - 600 });
  model.lastSec = nowSec;
  return { model, changes: changes + gaps.length * count, titleBytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function runHistoryBench(options: { pages?: number; log?: (line: string) => void } = {}): Promise<HistoryBenchResult> {
  const pages = options.pages ?? 500;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-history-bench-'));
  try {
    const nowMs = Date.now();
    const nowSec = Math.floor(nowMs / 1000);
    const dir = historyDir(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const ids: string[] = [];
    let totalBytes = 0;
    let maxFileBytes = 0;
    let changes = 0;
    let floorBytes = 0;
    for (let p = 0; p < pages; p++) {
      const id = `00000000-0000-4000-8000-${String(p).padStart(12, '0')}`;
      ids.push(id);
      const page = pageModel(p + 1, nowSec);
      const text = serializeLines(compactLines(page.model, nowSec - HISTORY_DAYS * 86_400));
      fs.writeFileSync(path.join(dir, pageFileName(id)), text);
      const bytes = Buffer.byteLength(text);
      totalBytes += bytes;
      maxFileBytes = Math.max(maxFileBytes, bytes);
      changes += page.changes;
      floorBytes += 6 * page.changes + page.titleBytes;
    }
    options.log?.(`${pages} pages written: ${(totalBytes / 1e6).toFixed(1)} MB`);

    const store = await ProviderHistoryStore.open({ dataDir, now: () => nowMs });
    try {
      // One page's 90 days, every page once, interleaved with its floor.
      const reads: number[] = [];
      const floors: number[] = [];
      for (const id of ids.slice(0, Math.min(ids.length, 200))) {
        let t = performance.now();
        const history = await store.read(id, HISTORY_DAYS);
        reads.push(performance.now() - t);
        if (!history) throw new Error(`page ${id} read as empty`);
        t = performance.now();
        const text = await fs.promises.readFile(path.join(dir, pageFileName(id)), 'utf8');
        for (const line of text.split('\n')) if (line) JSON.parse(line);
        floors.push(performance.now() - t);
      }
      // Across all 500: a 2-hour window a week ago.
      const overlaps: number[] = [];
      const overlapFloors: number[] = [];
      let rows = 0;
      for (let run = 0; run < 5; run++) {
        const from = nowMs - 7 * 86_400_000 + run * 3_600_000;
        let t = performance.now();
        const result = await store.overlap(ids, from, from + 2 * 3_600_000);
        overlaps.push(performance.now() - t);
        rows = result.rows.length + result.more;
        t = performance.now();
        for (const id of ids) {
          const text = await fs.promises.readFile(path.join(dir, pageFileName(id)), 'utf8');
          for (const line of text.split('\n')) if (line) JSON.parse(line);
        }
        overlapFloors.push(performance.now() - t);
      }
      const readMs = median(reads);
      const readFloorMs = median(floors);
      const overlapMs = median(overlaps);
      const overlapFloorMs = median(overlapFloors);
      const bytesPerPage = totalBytes / pages;
      const floorBytesPerPage = floorBytes / pages;
      return {
        name: 'history',
        pages,
        days: HISTORY_DAYS,
        totalBytes,
        bytesPerPage,
        maxFileBytes,
        capBytes: DEFAULT_CAP_BYTES,
        levelChangesPerPage: changes / pages,
        floorBytesPerPage,
        bytesRatio: bytesPerPage / floorBytesPerPage,
        readMs,
        readFloorMs,
        readRatio: readMs / readFloorMs,
        overlapMs,
        overlapFloorMs,
        overlapRatio: overlapMs / overlapFloorMs,
        overlapRows: rows,
      };
    } finally {
      await store.dispose();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runHistoryBench({ log: (line) => console.error(line) });
  console.log(JSON.stringify(result, null, 2));
}
