/** One text to send: `bytes` is its size on the wire (the JSON-encoded string, UTF-8). */
export interface BatchItem {
  text: string;
  words: number;
  bytes: number;
}

export interface Batch {
  items: BatchItem[];
  words: number;
  bytes: number;
}

export interface BatchLimits {
  /** Entries of `words` per request: the official client slices the array at 600 entries. */
  maxEntries: number;
  /**
   * Bytes of source text per request: our own cap, since the service publishes no body limit. 256 KiB keeps a
   * request of 600 long sentences far below common 1 MB proxy and server body limits.
   */
  maxBytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxEntries: 600, maxBytes: 256 * 1024 };

/** The size a text takes in the request body. */
export function wireBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

/**
 * Slices texts into requests of at most `maxEntries` entries and `maxBytes` bytes, in input order: with
 * short texts that is ceil(entries / maxEntries) requests, the fewest possible. A text larger than the byte
 * cap goes alone. Results are merged back by text, so order across batches does not matter.
 */
export function packBatches(items: readonly BatchItem[], limits: BatchLimits = DEFAULT_BATCH_LIMITS): Batch[] {
  if (!Number.isInteger(limits.maxEntries) || limits.maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');
  if (!Number.isInteger(limits.maxBytes) || limits.maxBytes < 1) throw new RangeError('maxBytes must be a positive integer');
  const batches: Batch[] = [];
  let open: Batch | null = null;
  for (const item of items) {
    if (open === null || open.items.length >= limits.maxEntries || (open.items.length > 0 && open.bytes + item.bytes > limits.maxBytes)) {
      open = { items: [], words: 0, bytes: 0 };
      batches.push(open);
    }
    open.items.push(item);
    open.words += item.words;
    open.bytes += item.bytes;
  }
  return batches;
}
