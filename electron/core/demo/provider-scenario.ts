import type { ProviderSimulator } from '@simulators/provider';
import { playScript, type DemoPlayer, type ScriptStep } from './script-player';

/** The demo's provider (a fictional cloud in the public Statuspage format), watched beside the own page. */
export const DEMO_PROVIDER = 'nimbus-cloud';
export const DEMO_PROVIDER_NAME = 'Nimbus Cloud';

type ProviderStep = ScriptStep<ProviderSimulator, { incidentId?: string }>;

/** Within the demo's minute: the provider's storage incident opens, is identified, and resolves. */
export const PROVIDER_SCENARIO: readonly ProviderStep[] = [
  {
    atMs: 8_000,
    label: 'provider incident opens',
    run: (sim, state) => {
      state.incidentId = sim.openIncident({
        page: DEMO_PROVIDER,
        name: 'Elevated error rates for object storage',
        impact: 'major',
        components: [{ name: 'Object storage', status: 'partial_outage' }],
        body: 'Some uploads to object storage fail with 503 errors. We are investigating.',
      });
    },
  },
  {
    atMs: 28_000,
    label: 'provider identifies the cause',
    run: (sim, state) =>
      sim.addUpdate({
        page: DEMO_PROVIDER,
        incidentId: state.incidentId!,
        status: 'identified',
        body: 'A storage cluster lost a node; traffic is moving to healthy nodes.',
      }),
  },
  {
    atMs: 50_000,
    label: 'provider incident resolves',
    run: (sim, state) => sim.resolveIncident({ page: DEMO_PROVIDER, incidentId: state.incidentId!, body: 'Object storage is healthy again.' }),
  },
];

export function playProviderDemo(sim: ProviderSimulator, options: { speed?: number; afterStep?: () => void } = {}): DemoPlayer {
  return playScript(sim, PROVIDER_SCENARIO, {}, options);
}
