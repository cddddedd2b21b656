export interface BatchItem {
  text: string;
  words: number;
}

export interface Batch {
  items: BatchItem[];
  words: number;
}

/**
 * Packs texts into requests of at most `maxWords` words, first-fit decreasing: near the minimum number of
 * requests (ceil(total / max) for small sentences), where next-fit in input order would waste the tail of
 * each batch. A text longer than a batch goes alone. Order inside and across batches does not matter: results
 * are merged back by text.
 */
export function packBatches(items: readonly BatchItem[], maxWords: number): Batch[] {
  if (!Number.isInteger(maxWords) || maxWords < 1) throw new RangeError('maxWords must be a positive integer');
  const sorted = [...items].sort((a, b) => b.words - a.words);
  const batches: Batch[] = [];
  // Index of the first batch that may still have room: batches before it are full, so the scan skips them.
  let firstOpen = 0;
  for (const item of sorted) {
    if (item.words >= maxWords) {
      batches.push({ items: [item], words: item.words });
      continue;
    }
    let placed = false;
    for (let i = firstOpen; i < batches.length; i++) {
      const batch = batches[i]!;
      if (batch.words + item.words <= maxWords) {
        batch.items.push(item);
        batch.words += item.words;
        placed = true;
        break;
      }
    }
    if (!placed) batches.push({ items: [item], words: item.words });
    while (firstOpen < batches.length && batches[firstOpen]!.words >= maxWords) firstOpen++;
  }
  return batches;
}
