import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { seededRandom } from '../simulators/translation/faults';
import { startTranslationSimulator } from '../simulators/translation/server';
import { createTranslationService, type TranslationService } from '../electron/core/translation/create-translation-service';
import { countWords } from '../electron/core/translation/words';

/*
 * Translation cost benchmark (docs/architecture.md budget: words sent = unique uncached words; a repeat costs zero requests).
 * 10,000 incident-style sentences, 40% of them repeats, translated in one call against the simulator with
 * requests of 600 entries (the official client slices the words array at 600 entries, not 600 words), then
 * again (same session) and again after a restart on the same data folder.
 * Run: npx tsx bench/translation.bench.ts
 */

export interface TranslationBenchOptions {
  sentences?: number;
  repeatShare?: number;
  batchEntries?: number;
  concurrency?: number;
  /** Simulated service latency per request, ms. */
  latencyMs?: number;
  seed?: number;
}

export interface TranslationBenchResult {
  name: 'translation';
  sentences: number;
  uniqueSentences: number;
  repeatShare: number;
  batchEntries: number;
  concurrency: number;
  latencyMs: number;
  /** Words of the distinct sentences, none cached at start: the least that must be sent. */
  uniqueUncachedWords: number;
  wordsSent: number;
  wordsReceivedBySimulator: number;
  /** wordsSent / uniqueUncachedWords; target 1.0. */
  wordsRatio: number;
  requests: number;
  /** ceil(unique uncached entries / batchEntries): the fewest requests entry batching allows. */
  minRequests: number;
  /** requests / minRequests; target 1.0. */
  requestsRatio: number;
  wallMs: number;
  repeatSameSession: { requests: number; wordsSent: number; wallMs: number };
  repeatAfterRestart: { requests: number; wordsSent: number; wallMs: number };
  memoryEntries: number;
  pass: boolean;
}

const VOCABULARY = (
  'api database network latency outage degraded performance investigating identified monitoring resolved ' +
  'customers region eu us cluster node storage queue webhook dashboard login payments search email delivery ' +
  'elevated errors some users are seeing slow responses we have deployed a fix and continue to monitor the ' +
  'results scheduled maintenance will start at midnight utc expected duration two hours no downtime impact'
).split(' ');

/** Distinct sentences of 4..16 words, then repeats drawn from them, shuffled; all deterministic. */
function makeSentences(total: number, repeatShare: number, seed: number): { all: string[]; unique: string[] } {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const uniqueCount = Math.round(total * (1 - repeatShare));
  const unique = new Set<string>();
  while (unique.size < uniqueCount) {
    const length = 4 + Math.floor(random() * 13);
    unique.add(Array.from({ length }, () => pick(VOCABULARY)).join(' ') + pick(['.', '!', '', '?']));
  }
  const uniqueList = [...unique];
  const all = [...uniqueList];
  while (all.length < total) all.push(pick(uniqueList));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return { all, unique: uniqueList };
}

export async function runTranslationBench(options: TranslationBenchOptions = {}): Promise<TranslationBenchResult> {
  const total = options.sentences ?? 10_000;
  const repeatShare = options.repeatShare ?? 0.4;
  const batchEntries = options.batchEntries ?? 600;
  const concurrency = options.concurrency ?? 2;
  const latencyMs = options.latencyMs ?? 5;
  const { all, unique } = makeSentences(total, repeatShare, options.seed ?? 2024);
  const uniqueUncachedWords = unique.reduce((sum, text) => sum + countWords(text), 0);
  const minRequests = Math.ceil(unique.length / batchEntries);

  const sim = await startTranslationSimulator({ faults: { latencyMs } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-bench-translation-'));
  let service: TranslationService | null = null;
  const open = async () =>
    createTranslationService({
      dataDir,
      getKey: async () => sim.key,
      client: { baseUrl: sim.baseUrl },
      translator: { batchLimits: { maxEntries: batchEntries }, concurrency },
    });
  const timed = async (svc: TranslationService) => {
    const started = performance.now();
    const result = await svc.translator.translate({ from: 'en', to: 'de', texts: all });
    return { result, wallMs: Math.round(performance.now() - started) };
  };

  try {
    service = await open();
    const cold = await timed(service);
    const wordsReceivedBySimulator = sim.stats().wordsReceived.byEndpoint.translate;
    const warm = await timed(service);
    await service.close();
    service = await open();
    const restarted = await timed(service);
    const { requests, wordsSent } = cold.result.counters;
    const wordsRatio = round(wordsSent / uniqueUncachedWords);
    const requestsRatio = round(requests / minRequests);
    return {
      name: 'translation',
      sentences: total,
      uniqueSentences: unique.length,
      repeatShare,
      batchEntries,
      concurrency,
      latencyMs,
      uniqueUncachedWords,
      wordsSent,
      wordsReceivedBySimulator,
      wordsRatio,
      requests,
      minRequests,
      requestsRatio,
      wallMs: cold.wallMs,
      repeatSameSession: { requests: warm.result.counters.requests, wordsSent: warm.result.counters.wordsSent, wallMs: warm.wallMs },
      repeatAfterRestart: { requests: restarted.result.counters.requests, wordsSent: restarted.result.counters.wordsSent, wallMs: restarted.wallMs },
      memoryEntries: service.memory.size,
      pass: wordsRatio === 1 && requestsRatio === 1 && warm.result.counters.requests === 0 && restarted.result.counters.requests === 0,
    };
  } finally {
    await service?.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await runTranslationBench();
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}
