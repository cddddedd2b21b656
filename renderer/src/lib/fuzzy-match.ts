/**
 * Fuzzy matching for the command palette: every letter of the query, in order, somewhere in the label
 * ("nwinc" finds "New incident"). A match scores higher when its letters start words, follow each other, and
 * come early, so typing a word's first letters ranks the command the user means first. Case and accents are
 * ignored. No match is `null`, never a low score, so the list only shows what matches.
 */
export function fuzzyScore(query: string, label: string): number | null {
  const wanted = fold(query).replace(/\s+/g, '');
  if (wanted === '') return 0;
  const text = fold(label);
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const letter of wanted) {
    const at = bestPosition(text, letter, from, previous);
    if (at === -1) return null;
    const wordStart = at === 0 || /[^a-z0-9]/.test(text[at - 1]!);
    score += 1 + (wordStart ? 8 : 0) + (at === previous + 1 ? 5 : 0) - Math.min(at, 20) * 0.1;
    previous = at;
    from = at + 1;
  }
  // A label that is the query itself, or starts with it, comes first.
  if (text.startsWith(fold(query).trim())) score += 20;
  return score;
}

/** Prefers the next letter right after the previous one, then at a word start, else the first one found. */
function bestPosition(text: string, letter: string, from: number, previous: number): number {
  if (text[previous + 1] === letter && previous + 1 >= from) return previous + 1;
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === letter && (i === 0 || /[^a-z0-9]/.test(text[i - 1]!))) return i;
  }
  return text.indexOf(letter, from);
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The items that match, best first; equal scores keep their order (screens before pages, say). */
export function fuzzyFilter<T>(items: readonly T[], query: string, labelOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, score: fuzzyScore(query, labelOf(item)) }))
    .filter((entry): entry is { item: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}
