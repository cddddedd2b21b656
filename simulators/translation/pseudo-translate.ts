/**
 * Deterministic pseudo-translation: `[<to>] ` followed by the text as it was. A person trying the demo sees a
 * marked demo answer, not gibberish that looks like a broken translator, and a test can still tell which
 * source text each answer belongs to (and thus the order).
 */
export function pseudoTranslate(text: string, to: string): string {
  return `[${to}] ${text}`;
}

/** The source text and target language of a pseudo-translation, or null if it is not one. */
export function reversePseudoTranslation(translated: string): { to: string; text: string } | null {
  const match = /^\[([^\]]+)\] ([\s\S]*)$/.exec(translated);
  return match ? { to: match[1]!, text: match[2]! } : null;
}
