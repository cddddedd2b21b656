/**
 * Child process of the batch crash test: opens the outbox in OUTBOX_DIR (its server refuses connections, so
 * nothing is sent) and queues batches of BATCH metric points, one enqueueMany each, printing `queued <n>` once
 * batch n is durable. The parent kills it with SIGKILL while a batch is being written.
 */
import { openStatusPageOutbox } from '../../../../electron/core/outbox/create-statuspal-outbox';
import { envAccountId } from '../../../../electron/core/outbox/statuspal/targets';

const dir = process.env.OUTBOX_DIR;
const baseUrl = process.env.BASE_URL;
if (!dir || !baseUrl) throw new Error('OUTBOX_DIR and BASE_URL are required');
const size = Number(process.env.BATCH ?? 1_000);

const { outbox } = await openStatusPageOutbox({ dataDir: dir, env: { STATUSDESK_API_KEY: 'unused' } });
const accountId = envAccountId(baseUrl);
for (let n = 1; ; n++) {
  const writes = Array.from({ length: size }, (_, i) => ({
    accountId,
    server: { baseUrl, keyFrom: 'env' as const },
    operation: 'addMetricEntry',
    input: { subdomain: 'acme', metricId: n, entry: { time: 1717200000 + i * 300, value: i } },
  }));
  await outbox.enqueueMany(writes);
  process.stdout.write(`queued ${n}\n`);
}
