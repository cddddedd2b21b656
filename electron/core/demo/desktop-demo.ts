import type { AppCore } from '@core/app-core';
import { startStatusPageSimulator, type StatusPageSimulator } from '@simulators/statuspal';
import { startProviderSimulator, type ProviderSimulator } from '@simulators/provider';
import { DEMO_PAGE, playDemo, type DemoPlayer } from './demo-scenario';
import { DEMO_PROVIDER, DEMO_PROVIDER_NAME, playProviderDemo } from './provider-scenario';

interface DesktopDemo {
  sim: StatusPageSimulator;
  /** The provider watched beside the own page (public Statuspage format). */
  providers: ProviderSimulator;
  player: DemoPlayer;
  stop(): Promise<void>;
}

/**
 * Demo mode of the desktop app: an embedded simulator, a watched demo page and a demo account (its key kept
 * for this session only, never in the keychain), then the scripted scenario. The caller gives the core a
 * throw-away data folder, so a demo never touches the user's own settings.
 */
export async function startDesktopDemo(core: AppCore, options: { speed?: number } = {}): Promise<DesktopDemo> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false });
  await core.accounts.add({
    name: 'Acme (demo)',
    region: 'custom',
    baseUrl: sim.baseUrl,
    subdomain: DEMO_PAGE,
    organizationId: '1',
    apiKey: sim.keys.demoReadWrite,
    sessionOnlyKey: true,
  });
  await core.monitor.addPage({ name: 'Acme (demo)', region: 'custom', baseUrl: sim.baseUrl, subdomain: DEMO_PAGE });
  const providers = await startProviderSimulator({ seed: 'demo' });
  await core.monitor.addPage({ name: DEMO_PROVIDER_NAME, region: 'custom', url: providers.pageUrl(DEMO_PROVIDER) });
  await core.monitor.pollNow();
  const afterStep = () => void core.monitor.pollNow().catch(() => undefined);
  const own = playDemo(sim, { ...(options.speed ? { speed: options.speed } : {}), afterStep });
  const upstream = playProviderDemo(providers, { ...(options.speed ? { speed: options.speed } : {}), afterStep });
  const player: DemoPlayer = {
    done: Promise.all([own.done, upstream.done]).then(() => undefined),
    stop() {
      own.stop();
      upstream.stop();
    },
  };
  return {
    sim,
    providers,
    player,
    async stop() {
      player.stop();
      await Promise.all([sim.close(), providers.close()]);
    },
  };
}
