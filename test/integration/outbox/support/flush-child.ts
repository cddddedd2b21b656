/**
 * Child process of the crash test: opens the outbox in OUTBOX_DIR, flushes it against the server its
 * entries name (key from STATUSDESK_API_KEY), prints `ready` once sending starts and a JSON report at the
 * end. The parent kills it with SIGKILL at random moments.
 */
import { openStatusPageOutbox } from '../../../../electron/core/outbox/create-statuspal-outbox';

const dir = process.env.OUTBOX_DIR;
if (!dir) throw new Error('OUTBOX_DIR is required');

const { outbox } = await openStatusPageOutbox({
  dataDir: dir,
  env: process.env,
  rateLimit: { limit: 100_000, windowMs: 1_000 },
  probeDelay: { initialMs: 20, maxMs: 200 },
  backoff: { baseMs: 10, maxMs: 100, jitter: 0 },
  requestTimeoutMs: 5_000,
});
outbox.start();
process.stdout.write(`ready ${JSON.stringify({ recovered: outbox.loadReport.recoveredInFlight, pending: outbox.pendingCount() })}\n`);
// Until everything is sent, however busy the machine: the test, not this flush, bounds the time (SOAK_MS).
const report = await outbox.flush({ timeoutMs: 240_000 });
await outbox.stop();
process.stdout.write(`done ${JSON.stringify(report)}\n`);
