/**
 * Child process of the alerts crash test: opens the alert queue in ALERTS_DIR, sends what it holds to the
 * webhook receiver of the simulator at ALERTS_SIM_URL, prints `ready` once sending starts and `done` when
 * nothing is queued. The parent kills it with SIGKILL while it sends.
 */
import { AlertDelivery } from '../../../../electron/core/alerts/delivery/alert-delivery';
import type { AlertDestination } from '../../../../shared/alerts/alert-destination';
import { FAST_KNOBS, WEBHOOK_SECRET } from './harness';

const dir = process.env.ALERTS_DIR;
const simUrl = process.env.ALERTS_SIM_URL;
if (!dir || !simUrl) throw new Error('ALERTS_DIR and ALERTS_SIM_URL are required');

const destination: AlertDestination = { id: 'webhook-1', name: 'Team webhook', kind: 'webhook', origin: simUrl, timeZone: 'UTC', enabled: true };
const delivery = new AlertDelivery({
  dataDir: dir,
  destinations: () => [destination],
  secretFor: async () => ({ address: `${simUrl}/hooks/team`, key: WEBHOOK_SECRET }),
  reportProblem: (message) => process.stderr.write(`problem ${message}\n`),
  ...FAST_KNOBS,
});
await delivery.ready();
delivery.start();
process.stdout.write('ready\n');
await new Promise<void>((resolve) => {
  const check = () => {
    if (delivery.list().every((view) => view.state !== 'queued')) resolve();
  };
  delivery.onChange(check);
  check();
});
await delivery.stop();
process.stdout.write(`done ${JSON.stringify(delivery.list().map((view) => view.state))}\n`);
