/*
 * A re-render counter for the render benchmark (bench/render/patches.ts): off unless the page sets
 * `window.__statusdeskRenders = {}` before the app starts, so it costs one property read per update.
 */

type RenderWindow = Window & { __statusdeskRenders?: Record<string, number> };

/** Counts one re-render of `what` (a component name), when the benchmark asked for counting. */
export function countRender(what: string): void {
  const counts = (window as RenderWindow).__statusdeskRenders;
  if (counts) counts[what] = (counts[what] ?? 0) + 1;
}
