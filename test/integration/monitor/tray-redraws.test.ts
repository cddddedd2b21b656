import { afterEach, describe, expect, it, vi } from 'vitest';
import { manyPagesOnSimulator } from './support/many-pages-on-simulator';

/*
 * With 500 pages the app all day in the tray redrew the tray (500 menu labels, a native
 * menu rebuilt) after every poll, changed or not, and with no window a poll that moved only its check times
 * asked for a push within 250 ms as if the page had changed. Polls that change nothing now redraw nothing,
 * and pages that change redraw it at most once a second.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages of the simulator watched by the real monitor; its pushes checked every 5 ms, its ticks every 20. */
const watching = (pages: number, options: { scale?: number; spreadMs?: number } = {}) =>
  manyPagesOnSimulator(cleanup, { pages, ...options, feature: { pushIntervalMs: 5, tickIntervalMs: 20 } });

describe('the tray in the tray (no window open)', () => {
  it('is not drawn again by polls that change nothing, and is by one that does', async () => {
    const { sim, trays, polls } = await watching(3);
    await wait(300); // the first polls: pending → operational
    const settled = trays.length;
    const pollsBefore = polls();
    await wait(600);
    expect(polls() - pollsBefore).toBeGreaterThan(10);
    expect(trays.length - settled).toBe(0);

    // A change is drawn, within the second the tray waits between two redraws.
    sim.openIncident({ page: 'acme', type: 'major', title: 'Database down' });
    await vi.waitFor(() => expect(trays.at(-1)?.icon).toBe('major'), { timeout: 3_000 });
    expect(trays.length - settled).toBeLessThanOrEqual(2);
  });
});

describe('the tray while pages keep changing', () => {
  it('is drawn at most about once a second, and ends showing the last change', async () => {
    const { sim, trays } = await watching(1);
    await wait(300);
    const before = trays.length;
    // An incident opened and resolved every 100 ms for 1.5 s: about ten polls a second each see a change.
    const started = Date.now();
    while (Date.now() - started < 1_500) {
      const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Flapping' });
      await wait(50);
      sim.resolveIncident({ page: 'acme', incidentId: incident.id });
      await wait(50);
    }
    await vi.waitFor(() => expect(trays.at(-1)?.icon).not.toBe('major'), { timeout: 3_000 });
    expect(trays.length - before).toBeLessThanOrEqual(4);
  });
});
