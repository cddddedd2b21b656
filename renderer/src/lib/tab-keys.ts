/**
 * The keys of a WAI-ARIA tablist: Left and Right move to the previous and next tab, wrapping around, Home and End
 * to the first and last. The index of the tab a key moves to, or null for any other key (left to the browser).
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index + count - 1) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
