/** A figure a test measured: a count (polls, kills, payloads, schedules) or a word that says how it ran. */
type Figure = number | string;

/**
 * Keeps what a test measured in its meta, which vitest's JSON reporter writes beside the test's result: the pages
 * in docs/ that quote these figures are generated from that report (scripts/reliability-results.ts), never copied
 * by hand. Call it with the test's own `task` (from the test context).
 */
export function reportFigures(task: { meta: object }, figures: Record<string, Figure>): void {
  const meta = task.meta as { figures?: Record<string, Figure> };
  meta.figures = { ...meta.figures, ...figures };
}
