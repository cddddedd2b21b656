/**
 * Every accepted write, in order, so tests can count duplicates (the outbox must not send one twice).
 * The raw key never appears: entries name the key by its id.
 */
export interface WriteLogEntry {
  seq: number;
  method: string;
  /** full request path, without the query */
  path: string;
  /** operation name, e.g. `incidents.create` */
  op: string;
  body: unknown;
  status: number;
  /** id of the created/changed/deleted record (subdomain for status pages, UUID for subscriptions) */
  resultId: number | string | null;
  /** simulated time, YYYY-MM-DDThh:mm:ss */
  time: string;
  /** real time, epoch ms */
  at: number;
  keyId: string | null;
  /** an `Idempotency-Key` or `X-Request-Id` header, if the client sent one (the service ignores them) */
  requestId: string | null;
  /** true when the answer was withheld by the drop-after-commit fault */
  dropped: boolean;
}

const MAX_ENTRIES = 200_000;

export class WriteLog {
  #entries: WriteLogEntry[] = [];
  #seq = 0;

  append(e: Omit<WriteLogEntry, 'seq'>): WriteLogEntry {
    const entry = { ...e, seq: ++this.#seq };
    this.#entries.push(entry);
    if (this.#entries.length > MAX_ENTRIES) this.#entries.splice(0, this.#entries.length - MAX_ENTRIES);
    return entry;
  }

  list(): WriteLogEntry[] {
    return this.#entries.slice();
  }

  clear(): void {
    this.#entries = [];
  }
}

/**
 * Requests received per path (all of them, whatever the answer), for benchmarks; and the most that were in progress
 * at once on one path (received, not answered yet), so a test can see a client pipeline without timing it.
 */
export class RequestCounter {
  readonly #byPath = new Map<string, number>();
  readonly #open = new Map<string, number>();
  readonly #peak = new Map<string, number>();
  #total = 0;

  inc(path: string): void {
    this.#total++;
    this.#byPath.set(path, (this.#byPath.get(path) ?? 0) + 1);
  }

  /** A request on `path` is in progress until the returned function is called (once). */
  begin(path: string): () => void {
    this.inc(path);
    const open = (this.#open.get(path) ?? 0) + 1;
    this.#open.set(path, open);
    if (open > (this.#peak.get(path) ?? 0)) this.#peak.set(path, open);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.#open.get(path) ?? 1) - 1;
      if (left <= 0) this.#open.delete(path);
      else this.#open.set(path, left);
    };
  }

  /** The most requests in progress at once on any one path under `prefix` (all paths when omitted). */
  peakInProgress(prefix?: string): number {
    let peak = 0;
    for (const [p, n] of this.#peak) if (!prefix || p.startsWith(prefix)) peak = Math.max(peak, n);
    return peak;
  }

  count(prefix?: string): number {
    if (!prefix) return this.#total;
    let n = 0;
    for (const [p, c] of this.#byPath) if (p.startsWith(prefix)) n += c;
    return n;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.#byPath);
  }

  clear(): void {
    this.#byPath.clear();
    this.#peak.clear();
    this.#total = 0;
  }
}
