/**
 * Stable event ids: a hash of what makes the event (page, poll instant, type, subject), so the
 * same event derived twice (history reload, CLI replay) has the same id. cyrb53 (53 bits, no
 * dependency: shared/ may not import node:crypto); collisions are negligible among the 1,000
 * events kept. Parts are hashed in place, without joining them into one string first.
 */
export function stableId(parts: ReadonlyArray<string | number | null | undefined>): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    const text = typeof part === 'string' ? part : part === null || part === undefined ? '' : String(part);
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    // Separator, so ["ab", "c"] and ["a", "bc"] differ.
    h1 = Math.imul(h1 ^ 0x1f, 2654435761);
    h2 = Math.imul(h2 ^ 0x1f, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(36).padStart(11, '0');
}
