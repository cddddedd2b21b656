import { createPrng } from '@simulators/statuspal/prng';

/** Endpoints of the translation API, as the simulator counts them. */
export type SimEndpoint = 'status' | 'languages' | 'isSupported' | 'translate' | 'other';

export type SimOneShotFault =
  | { kind: 'status'; status: number; endpoint?: SimEndpoint }
  | { kind: 'reset'; endpoint?: SimEndpoint }
  | { kind: 'malformed'; endpoint?: SimEndpoint }
  | { kind: 'wrongLength'; endpoint?: SimEndpoint }
  | { kind: 'missingToWords'; endpoint?: SimEndpoint }
  /** translate: the entry at `index` of to_words is null (no translation for it). */
  | { kind: 'nullEntry'; index: number; endpoint?: SimEndpoint }
  | { kind: 'latency'; ms: number; endpoint?: SimEndpoint };

/**
 * Fault injection. Rates are probabilities in [0, 1] drawn from a seeded generator (repeatable runs);
 * `next` holds one-shot faults consumed in order by the next matching requests, for exact scenarios
 * ("fail once with 503, then answer").
 */
export interface TranslationSimFaults {
  /** Added before every answer, in ms. */
  latencyMs?: number;
  /** HTTP status → probability, e.g. { 500: 0.1, 503: 0.05 }. */
  errorRates?: Partial<Record<number, number>>;
  /** The connection is destroyed without an answer. */
  resetRate?: number;
  /** A 200 whose body is not JSON. */
  malformedJsonRate?: number;
  /** translate: `to_words` one entry short. */
  wrongLengthRate?: number;
  /** translate: `to_words` left out. */
  missingToWordsRate?: number;
  /** Which endpoints the rates and latency apply to; all when absent. */
  endpoints?: SimEndpoint[];
  next?: SimOneShotFault[];
}

type FaultDecision =
  | { kind: 'none' }
  | { kind: 'status'; status: number }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'wrongLength' }
  | { kind: 'missingToWords' }
  | { kind: 'nullEntry'; index: number };

/** The simulators' one seeded stream, under the name the reliability tests and benches draw from. */
export const seededRandom = createPrng;

export class FaultInjector {
  #faults: TranslationSimFaults = {};
  #queue: SimOneShotFault[] = [];
  readonly #random: () => number;

  constructor(seed = 1) {
    this.#random = seededRandom(seed);
  }

  /** Replaces the configuration (and the one-shot queue). */
  set(faults: TranslationSimFaults): void {
    this.#faults = { ...faults };
    this.#queue = [...(faults.next ?? [])];
  }

  /** Appends one-shot faults. */
  push(...faults: SimOneShotFault[]): void {
    this.#queue.push(...faults);
  }

  get current(): TranslationSimFaults {
    return { ...this.#faults, next: [...this.#queue] };
  }

  /** Latency for this request, then the fault (at most one). */
  decide(endpoint: SimEndpoint): { latencyMs: number; fault: FaultDecision } {
    const index = this.#queue.findIndex((f) => f.endpoint === undefined || f.endpoint === endpoint);
    const latencyMs = this.#applies(endpoint) ? (this.#faults.latencyMs ?? 0) : 0;
    if (index !== -1) {
      const shot = this.#queue.splice(index, 1)[0]!;
      if (shot.kind === 'latency') return { latencyMs: latencyMs + shot.ms, fault: { kind: 'none' } };
      if (shot.kind === 'status') return { latencyMs, fault: { kind: 'status', status: shot.status } };
      if (shot.kind === 'nullEntry') return { latencyMs, fault: { kind: 'nullEntry', index: shot.index } };
      return { latencyMs, fault: { kind: shot.kind } };
    }
    if (!this.#applies(endpoint)) return { latencyMs, fault: { kind: 'none' } };
    const f = this.#faults;
    if (this.#draw(f.resetRate)) return { latencyMs, fault: { kind: 'reset' } };
    for (const [status, rate] of Object.entries(f.errorRates ?? {})) {
      if (this.#draw(rate)) return { latencyMs, fault: { kind: 'status', status: Number(status) } };
    }
    if (this.#draw(f.malformedJsonRate)) return { latencyMs, fault: { kind: 'malformed' } };
    if (endpoint === 'translate' && this.#draw(f.wrongLengthRate)) return { latencyMs, fault: { kind: 'wrongLength' } };
    if (endpoint === 'translate' && this.#draw(f.missingToWordsRate)) return { latencyMs, fault: { kind: 'missingToWords' } };
    return { latencyMs, fault: { kind: 'none' } };
  }

  #applies(endpoint: SimEndpoint): boolean {
    return this.#faults.endpoints === undefined || this.#faults.endpoints.includes(endpoint);
  }

  #draw(rate: number | undefined): boolean {
    return rate !== undefined && rate > 0 && this.#random() < rate;
  }
}
