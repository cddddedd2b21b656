/**
 * Deterministic pseudo-translation: `[<to>] ` followed by the text with ROT13 applied to ASCII letters.
 * Word boundaries and punctuation are kept (so word counts match) and it is reversible, so a test can check
 * which source text each answer belongs to, and thus the order.
 */
function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

export function pseudoTranslate(text: string, to: string): string {
  return `[${to}] ${rot13(text)}`;
}

/** The source text and target language of a pseudo-translation, or null if it is not one. */
export function reversePseudoTranslation(translated: string): { to: string; text: string } | null {
  const match = /^\[([^\]]+)\] ([\s\S]*)$/.exec(translated);
  return match ? { to: match[1]!, text: rot13(match[2]!) } : null;
}
