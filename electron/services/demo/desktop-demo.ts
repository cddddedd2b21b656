import type { AppCore } from '../app-core';
import { startStatusPageSimulator, type StatusPageSimulator } from '../simulators/statuspage';
import { DEMO_PAGE, playDemo, type DemoPlayer } from './demo-scenario';

export interface DesktopDemo {
  sim: StatusPageSimulator;
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
  await core.monitor.pollNow();
  const player = playDemo(sim, {
    ...(options.speed ? { speed: options.speed } : {}),
    afterStep: () => void core.monitor.pollNow().catch(() => undefined),
  });
  return {
    sim,
    player,
    async stop() {
      player.stop();
      await sim.close();
    },
  };
}
