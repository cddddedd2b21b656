import { createPrng } from './prng';

/**
 * Deterministic fault injection: the same seed and the same request sequence give the same faults.
 * Rules can be scoped to a path prefix (full, `/api/v2/...`, or relative to it, `/status_pages/...`)
 * and to methods, and can expire after `times` matching requests.
 */
export interface FaultRule {
  method?: string | string[];
  pathPrefix?: string;
  /** the rule applies to the next N matching requests, then is removed */
  times?: number;
  /** added before answering: fixed, or uniform in [min, max] */
  latencyMs?: number | { min: number; max: number };
  /** probability per status, e.g. {500: 0.2, 503: 0.1}; answered `{"error": status}` without running the operation */
  errorRates?: Record<string, number>;
  /** Retry-After (seconds) sent with injected 429s and 503s; default 1; null sends none (a bare proxy) */
  retryAfterSeconds?: number | null;
  /** probability of destroying the socket without any answer (the operation does not run) */
  resetRate?: number;
  /** probability of answering a truncated, unparseable JSON body (the operation does run) */
  malformedRate?: number;
  /** headers at once, then the body trickled in chunks */
  slowBody?: { chunkBytes?: number; intervalMs?: number; rate?: number };
  /** writes only: the write is applied and logged, then the socket is destroyed before the answer */
  dropAfterCommitRate?: number;
  /** answer 500 to lists called with a `before` cursor, as reported on the real service */
  failBeforeCursor?: boolean;
  /** writes only: the write is applied and logged, then answered with this status (a crash after the insert) */
  statusAfterCommit?: number;
  /** writes only: the write is applied and logged, then the answer waits this long (a slow answer, not a slow server) */
  answerDelayAfterCommitMs?: number;
  /** writes only: the write is applied and logged, then answered 200 with an empty body */
  emptyBodyAfterCommitRate?: number;
  /** probability of a captive portal's 200 HTML page instead of the API (the operation does not run) */
  captivePortalRate?: number;
  /** probability of a captive portal's 302 to its login page instead of the API (the operation does not run) */
  captivePortalRedirectRate?: number;
  /** probability of holding the request with no answer until the client gives up (the operation does not run) */
  hangRate?: number;
  /**
   * A second writer (a colleague, the web dashboard) writes first, just before this request is handled: a POST to
   * `path` with `body`. Without `path`, the path of this request; without `body`, this request's body with
   * `changes` merged into the object under its key (`{"incident": {...}}`): a look-alike of our own write.
   * Sent with `key`, else this request's key, else the base seed's read-write organization key (a colleague
   * of the same organization: reads of public lists carry no key). Not in the write log, which holds the
   * client's writes.
   */
  secondWriter?: SecondWrite;
}

export interface SecondWrite {
  key?: string;
  path?: string;
  body?: unknown;
  changes?: Record<string, unknown>;
}

export interface FaultDecision {
  latencyMs: number;
  reset: boolean;
  errorStatus: number | null;
  retryAfterSeconds: number | null;
  malformed: boolean;
  slowBody: { chunkBytes: number; intervalMs: number } | null;
  dropAfterCommit: boolean;
  statusAfterCommit: number | null;
  answerDelayAfterCommitMs: number;
  emptyBodyAfterCommit: boolean;
  captivePortal: boolean;
  captivePortalRedirect: boolean;
  hang: boolean;
  secondWriter: SecondWrite | null;
}

const API_PREFIX = '/api/v2';

export class FaultInjector {
  #rules: { rule: FaultRule; remaining: number }[] = [];
  #rand: () => number;

  constructor(seed: number) {
    this.#rand = createPrng(seed);
  }

  reseed(seed: number): void {
    this.#rand = createPrng(seed);
  }

  set(rules: FaultRule | FaultRule[]): void {
    this.#rules = [];
    for (const r of Array.isArray(rules) ? rules : [rules]) this.add(r);
  }

  add(rule: FaultRule): void {
    validateRule(rule);
    this.#rules.push({ rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.#rules = [];
  }

  list(): FaultRule[] {
    return this.#rules.map((r) => r.rule);
  }

  #hit(rate: number | undefined): boolean {
    if (rate === undefined || rate <= 0) return false;
    if (rate >= 1) return true;
    return this.#rand() < rate;
  }

  decide(method: string, path: string, query: URLSearchParams, isWrite: boolean): FaultDecision {
    const d: FaultDecision = {
      latencyMs: 0,
      reset: false,
      errorStatus: null,
      retryAfterSeconds: 1,
      malformed: false,
      slowBody: null,
      dropAfterCommit: false,
      statusAfterCommit: null,
      answerDelayAfterCommitMs: 0,
      emptyBodyAfterCommit: false,
      captivePortal: false,
      captivePortalRedirect: false,
      hang: false,
      secondWriter: null,
    };
    if (this.#rules.length === 0) return d;
    for (const entry of this.#rules) {
      const { rule } = entry;
      if (!matches(rule, method, path)) continue;
      entry.remaining--;
      if (rule.latencyMs !== undefined) {
        d.latencyMs += typeof rule.latencyMs === 'number' ? rule.latencyMs : rule.latencyMs.min + this.#rand() * (rule.latencyMs.max - rule.latencyMs.min);
      }
      if (this.#hit(rule.resetRate)) d.reset = true;
      if (rule.errorRates && d.errorStatus === null) {
        const r = this.#rand();
        let acc = 0;
        for (const [status, p] of Object.entries(rule.errorRates).sort(([a], [b]) => Number(a) - Number(b))) {
          acc += p;
          if (r < acc) {
            d.errorStatus = Number(status);
            d.retryAfterSeconds = rule.retryAfterSeconds === undefined ? 1 : rule.retryAfterSeconds;
            break;
          }
        }
      }
      if (rule.failBeforeCursor && query.has('before') && d.errorStatus === null) d.errorStatus = 500;
      if (this.#hit(rule.malformedRate)) d.malformed = true;
      if (rule.slowBody && this.#hit(rule.slowBody.rate ?? 1)) {
        d.slowBody = { chunkBytes: rule.slowBody.chunkBytes ?? 64, intervalMs: rule.slowBody.intervalMs ?? 50 };
      }
      if (isWrite && this.#hit(rule.dropAfterCommitRate)) d.dropAfterCommit = true;
      if (isWrite && rule.statusAfterCommit !== undefined && d.statusAfterCommit === null) d.statusAfterCommit = rule.statusAfterCommit;
      if (isWrite && rule.answerDelayAfterCommitMs !== undefined) d.answerDelayAfterCommitMs += rule.answerDelayAfterCommitMs;
      if (isWrite && this.#hit(rule.emptyBodyAfterCommitRate)) d.emptyBodyAfterCommit = true;
      if (this.#hit(rule.captivePortalRate)) d.captivePortal = true;
      if (this.#hit(rule.captivePortalRedirectRate)) d.captivePortalRedirect = true;
      if (this.#hit(rule.hangRate)) d.hang = true;
      if (rule.secondWriter && d.secondWriter === null) d.secondWriter = rule.secondWriter;
    }
    this.#rules = this.#rules.filter((r) => r.remaining > 0);
    return d;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined) {
    const methods = (Array.isArray(rule.method) ? rule.method : [rule.method]).map((m) => m.toUpperCase());
    if (!methods.includes(method.toUpperCase())) return false;
  }
  if (rule.pathPrefix !== undefined) {
    const p = rule.pathPrefix;
    const full = p.startsWith(API_PREFIX) ? p : `${API_PREFIX}${p.startsWith('/') ? '' : '/'}${p}`;
    if (!path.startsWith(full)) return false;
  }
  return true;
}

function validateRule(rule: FaultRule): void {
  const rate = (name: string, v: number | undefined): void => {
    if (v !== undefined && !(v >= 0 && v <= 1)) throw new RangeError(`${name} must be within 0..1`);
  };
  rate('resetRate', rule.resetRate);
  rate('malformedRate', rule.malformedRate);
  rate('dropAfterCommitRate', rule.dropAfterCommitRate);
  rate('slowBody.rate', rule.slowBody?.rate);
  rate('emptyBodyAfterCommitRate', rule.emptyBodyAfterCommitRate);
  rate('captivePortalRate', rule.captivePortalRate);
  rate('captivePortalRedirectRate', rule.captivePortalRedirectRate);
  rate('hangRate', rule.hangRate);
  if (rule.statusAfterCommit !== undefined && !(Number.isInteger(rule.statusAfterCommit) && rule.statusAfterCommit >= 400 && rule.statusAfterCommit <= 599)) {
    throw new RangeError('statusAfterCommit must be an HTTP error status');
  }
  if (rule.answerDelayAfterCommitMs !== undefined && !(rule.answerDelayAfterCommitMs >= 0)) throw new RangeError('answerDelayAfterCommitMs must be >= 0');
  if (rule.errorRates) {
    let sum = 0;
    for (const [status, p] of Object.entries(rule.errorRates)) {
      const code = Number(status);
      if (!Number.isInteger(code) || code < 400 || code > 599) throw new RangeError(`errorRates: bad status ${status}`);
      rate(`errorRates.${status}`, p);
      sum += p;
    }
    if (sum > 1 + 1e-9) throw new RangeError('errorRates must sum to at most 1');
  }
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times > 0)) {
    throw new RangeError('times must be a positive integer');
  }
}
