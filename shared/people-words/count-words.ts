/*
 * A count as people say it: "1 service", "3 services", and "no services" for none. Never "service(s)", which
 * makes the reader do the grammar the program skipped.
 */

/** "1 service", "2 services", "no services"; `plural` for a word that does not just take an "s". */
export function countWords(count: number, singular: string, plural = `${singular}s`): string {
  if (count === 0) return `no ${plural}`;
  return `${count} ${count === 1 ? singular : plural}`;
}
