/**
 * Child process of the flood crash test: the team alerts of ALERTS_DIR built as `statusdesk serve` builds them
 * (createAlerts), one Slack destination on the simulator at ALERTS_SIM_URL (its hook FLOOD_SLACK_HOOK).
 * FLOOD_MODE=burst routes FLOOD_PAGES polls at once, each opening an incident, with a gathering window
 * that never ends by itself; prints `gathered` once the polls are routed, and waits to be killed.
 * FLOOD_MODE=resume starts on the same folder, prints `done` once nothing is queued, and stops.
 */
import { createAlerts } from '../../../../electron/core/alerts/alerts-feature';
import { storeDestinationSecret } from '../../../../electron/core/alerts/destination-secret';
import { AlertDelivery } from '../../../../electron/core/alerts/delivery/alert-delivery';
import { SettingsStore } from '../../../../electron/core/settings/settings-store';
import { KeyVault } from '../../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../../support/memory-keychain';
import { watchedPage } from '../../../unit/monitor/support/pages';
import { baseSummary, pollOf, withIncident } from '../../../unit/alerts/support/polls';
import { FAST_KNOBS } from './harness';

const dir = process.env.ALERTS_DIR;
const simUrl = process.env.ALERTS_SIM_URL;
const hook = process.env.FLOOD_SLACK_HOOK;
const mode = process.env.FLOOD_MODE;
const pages = Number(process.env.FLOOD_PAGES ?? '0');
if (!dir || !simUrl || !hook || (mode !== 'burst' && mode !== 'resume'))
  throw new Error('ALERTS_DIR, ALERTS_SIM_URL, FLOOD_SLACK_HOOK and FLOOD_MODE are required');

const vault = new KeyVault(memoryKeychain());
await storeDestinationSecret(vault, 'slack-1', { address: hook });
const settings = new SettingsStore(dir);
settings.update((draft) => {
  draft.alerts.destinations = [{ id: 'slack-1', name: 'Ops', kind: 'slack', origin: simUrl, timeZone: 'UTC', enabled: true }];
  draft.alerts.rules = [
    { id: 'r1', destinationId: 'slack-1', pageIds: null, services: [], minSeverity: 'minor', updates: 'all', quietHours: null, enabled: true },
  ];
});
let delivery: AlertDelivery | null = null;
const alerts = createAlerts({
  dataDir: dir,
  settings,
  vault,
  role: 'serve',
  reportProblem: (message) => process.stderr.write(`problem ${message}\n`),
  createDelivery: (options) => (delivery = new AlertDelivery({ ...options, ...FAST_KNOBS })),
  // The burst's window ends only with the kill: the kill always lands inside it, whatever the machine's speed.
  ...(mode === 'burst' ? { flood: { windowMs: 24 * 3_600_000 } } : {}),
});
await alerts.start();

if (mode === 'burst') {
  for (let i = 0; i < pages; i++) {
    const page = watchedPage({ name: `Flood page ${i}` });
    const poll = pollOf(page, baseSummary(), withIncident('major', 'major', { id: 500 + i }), '2026-12-02T14:05:00.000Z');
    alerts.route({ ...poll, name: `Flood page ${String(i).padStart(2, '0')}` });
  }
  // The changes sent alone are in the queue; the rest are only gathered, in the flood's window.
  await alerts.router.settled();
  process.stdout.write('gathered\n');
  setInterval(() => undefined, 60_000);
} else {
  const queue = delivery as AlertDelivery | null;
  if (!queue) throw new Error('the delivery was not built');
  await alerts.router.settled();
  await new Promise<void>((resolve) => {
    const check = () => {
      if (queue.list().every((view) => view.state !== 'queued')) resolve();
    };
    queue.onChange(check);
    check();
  });
  await alerts.stop();
  process.stdout.write(`done ${JSON.stringify(queue.list().map((view) => [view.state, view.changes]))}\n`);
}
