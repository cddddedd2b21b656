import type { StatusPageSimulator } from '@simulators/statuspal';
import { playScript, type DemoPlayer, type ScriptStep } from './script-player';

/** One step of the demo: what happens on the simulated page, and when (ms after the start). */
type DemoStep = ScriptStep<StatusPageSimulator, DemoState>;
export type { DemoPlayer };

interface DemoState {
  incidentId?: number;
  maintenanceEndsAt?: number;
}

export const DEMO_PAGE = 'acme';

/**
 * The scripted demo, about a minute long: an incident opens on the API, gets two updates, a database
 * maintenance starts and ends, and the incident resolves. Service ids are the demo seed's (API = 2,
 * Database = 5).
 */
export const DEMO_SCENARIO: readonly DemoStep[] = [
  {
    atMs: 5_000,
    label: 'incident opens on the API',
    run: (sim, state) => {
      state.incidentId = sim.openIncident({
        page: DEMO_PAGE,
        type: 'major',
        title: 'Elevated error rates on the API',
        services: [2],
        message: 'We are seeing elevated 5xx error rates on the public API and are investigating.',
      }).id;
    },
  },
  {
    atMs: 15_000,
    label: 'first update',
    run: (sim, state) =>
      void sim.addUpdate({
        page: DEMO_PAGE,
        incidentId: state.incidentId!,
        type: 'update',
        message: 'The cause is a faulty load balancer node. We are taking it out of rotation.',
      }),
  },
  {
    atMs: 25_000,
    label: 'maintenance starts on the database',
    run: (sim, state) => {
      const now = sim.now().getTime();
      state.maintenanceEndsAt = now + 20_000;
      sim.scheduleMaintenance({
        page: DEMO_PAGE,
        title: 'Database failover test',
        startsAt: new Date(now),
        endsAt: new Date(now + 20_000),
        services: [5],
        message: 'A planned failover of the primary database; writes may pause for a few seconds.',
      });
    },
  },
  {
    atMs: 35_000,
    label: 'second update',
    run: (sim, state) =>
      void sim.addUpdate({
        page: DEMO_PAGE,
        incidentId: state.incidentId!,
        type: 'monitoring',
        message: 'Error rates are back to normal. We are monitoring.',
      }),
  },
  {
    atMs: 46_000,
    label: 'maintenance ends',
    // At normal speed its end time has just passed; a faster demo moves the simulator's clock past it.
    run: (sim, state) => {
      const remaining = (state.maintenanceEndsAt ?? 0) - sim.now().getTime();
      if (remaining >= 0) sim.advanceClock(remaining + 1_000);
    },
  },
  {
    atMs: 55_000,
    label: 'incident resolves',
    run: (sim, state) =>
      void sim.resolveIncident({ page: DEMO_PAGE, incidentId: state.incidentId!, message: 'The API is healthy again. Sorry for the trouble.' }),
  },
];

/**
 * Plays the scenario on the simulator. After each step `afterStep` runs (the demo asks the monitor to check
 * at once, so a viewer sees every step without waiting for the next poll). `speed` > 1 plays faster.
 */
export function playDemo(
  sim: StatusPageSimulator,
  options: { speed?: number; afterStep?: (step: DemoStep) => void; steps?: readonly DemoStep[] } = {},
): DemoPlayer {
  return playScript(sim, options.steps ?? DEMO_SCENARIO, {}, options);
}
