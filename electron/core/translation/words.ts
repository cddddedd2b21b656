/** Words as the service bills them, approximately: whitespace-separated tokens. Blank text has none. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}
