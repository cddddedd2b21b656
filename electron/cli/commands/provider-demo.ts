import type { WatchedPage } from '@shared/monitor/watched-page';
import type { DemoPlayer } from '@core/demo/demo-scenario';
import { DEMO_PROVIDER, DEMO_PROVIDER_NAME, playProviderDemo } from '@core/demo/provider-scenario';
import { startProviderSimulator } from '@simulators/provider';
import { providerWatchedPage } from '@core/monitor/provider-page';

/** `watch --demo`'s provider (as in the desktop demo): a fictional cloud in the public Statuspage format whose incident opens and resolves. */
interface CliProviderDemo {
  page: WatchedPage;
  play(speed: number, afterStep: () => void): DemoPlayer;
  close(): Promise<void>;
}

export async function startCliProviderDemo(intervalSec: number): Promise<CliProviderDemo> {
  const sim = await startProviderSimulator({ seed: 'demo' });
  return {
    page: providerWatchedPage(sim.pageUrl(DEMO_PROVIDER), { name: DEMO_PROVIDER_NAME, intervalSec }),
    play: (speed, afterStep) => playProviderDemo(sim, { speed, afterStep }),
    close: () => sim.close(),
  };
}
