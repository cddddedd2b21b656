import type { SimEndpoint } from './faults';

export interface TranslateLogEntry {
  /** 1, 2, 3… in arrival order. */
  seq: number;
  at: number;
  lFrom: string;
  lTo: string;
  bot: number | null;
  requestUrl: string | null;
  title: string | null;
  texts: string[];
  types: number[];
  words: number;
  /** Whether the api_key was right; the key itself is never logged. */
  keyValid: boolean;
  /** The HTTP status answered (0 when the connection was reset). */
  status: number;
}

export interface TranslationSimStats {
  requests: { total: number; byEndpoint: Record<SimEndpoint, number> };
  /** Words (whitespace tokens of each `w`) received in request bodies, whatever the answer. */
  wordsReceived: { total: number; byEndpoint: Record<SimEndpoint, number> };
  /** Words translated and charged against the quota. */
  wordsTranslated: number;
  /** Most requests in progress at once, per endpoint (to check a client's concurrency bound). */
  peakInFlight: Record<SimEndpoint, number>;
  quota: { limit: number | null; used: number };
  translateLog: TranslateLogEntry[];
}

const zero = (): Record<SimEndpoint, number> => ({ status: 0, languages: 0, isSupported: 0, translate: 0, other: 0 });

export class SimCounters {
  requests = zero();
  words = zero();
  wordsTranslated = 0;
  log: TranslateLogEntry[] = [];
  inFlight = zero();
  peak = zero();
  #seq = 0;

  readonly #logLimit: number;

  constructor(logLimit: number) {
    this.#logLimit = logLimit;
  }

  request(endpoint: SimEndpoint): void {
    this.requests[endpoint] += 1;
  }

  /** Marks a request in progress; call the returned function once it is answered or dropped. */
  begin(endpoint: SimEndpoint): () => void {
    this.inFlight[endpoint] += 1;
    this.peak[endpoint] = Math.max(this.peak[endpoint], this.inFlight[endpoint]);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight[endpoint] -= 1;
    };
  }

  received(endpoint: SimEndpoint, words: number): void {
    this.words[endpoint] += words;
  }

  /** Adds a log entry (oldest dropped past the limit) and returns it so its status can be filled in. */
  logTranslate(entry: Omit<TranslateLogEntry, 'seq'>): TranslateLogEntry {
    const full = { seq: ++this.#seq, ...entry };
    this.log.push(full);
    if (this.log.length > this.#logLimit) this.log.splice(0, this.log.length - this.#logLimit);
    return full;
  }

  reset(): void {
    this.requests = zero();
    this.words = zero();
    this.wordsTranslated = 0;
    this.log = [];
    this.peak = { ...this.inFlight };
    this.#seq = 0;
  }

  snapshot(quota: { limit: number | null; used: number }): TranslationSimStats {
    const sum = (r: Record<SimEndpoint, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    return {
      requests: { total: sum(this.requests), byEndpoint: { ...this.requests } },
      wordsReceived: { total: sum(this.words), byEndpoint: { ...this.words } },
      wordsTranslated: this.wordsTranslated,
      peakInFlight: { ...this.peak },
      quota: { ...quota },
      translateLog: this.log.map((e) => ({ ...e, texts: [...e.texts], types: [...e.types] })),
    };
  }
}
