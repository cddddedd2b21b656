/**
 * Child process of the alerts ownership test: opens the alert queue in ALERTS_DIR as `statusdesk serve`
 * would (role serve), queues one message to the webhook receiver of the simulator at ALERTS_SIM_URL, prints
 * `owner <pid>` once it is delivered, then holds the queue until it is killed.
 */
import { AlertDelivery } from '../../../../electron/core/alerts/delivery/alert-delivery';
import type { AlertDestination } from '../../../../shared/alerts/alert-destination';
import { FAST_KNOBS, WEBHOOK_SECRET } from './harness';
import { alertMessage } from './messages';

const dir = process.env.ALERTS_DIR;
const simUrl = process.env.ALERTS_SIM_URL;
if (!dir || !simUrl) throw new Error('ALERTS_DIR and ALERTS_SIM_URL are required');

const destination: AlertDestination = { id: 'webhook-1', name: 'Team webhook', kind: 'webhook', origin: simUrl, timeZone: 'UTC', enabled: true };
const delivery = new AlertDelivery({
  dataDir: dir,
  role: 'serve',
  destinations: () => [destination],
  secretFor: async () => ({ address: `${simUrl}/hooks/team`, key: WEBHOOK_SECRET }),
  reportProblem: (message) => process.stderr.write(`problem ${message}\n`),
  ...FAST_KNOBS,
});
await delivery.open();
delivery.start();
const id = await delivery.enqueue('webhook-1', alertMessage({ n: 1 }));
const outcome = await delivery.firstOutcome(id);
process.stdout.write(`owner ${process.pid} ${outcome.state}\n`);
// Held until the parent kills it (SIGKILL: no exit hook removes the lock).
setInterval(() => undefined, 60_000);
