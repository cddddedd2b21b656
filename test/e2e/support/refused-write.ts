import { expect } from '@playwright/test';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import type { Harness } from './harness';
import { addAcmeAccount } from './navigation';

/**
 * One write the server refuses (a 400 on the next POST), queued on the Acme account through the real outbox and
 * waited on until it is kept as failed: the set-up of every screen that shows a refused write.
 */
export async function queueRefusedWrite(app: Harness, sim: StatusPageSimulator, write: { operation: string; input: Record<string, unknown> }) {
  const { id: accountId } = await addAcmeAccount(app, sim);
  const outbox = await app.core.outbox.service();
  sim.setFaults({ method: 'POST', errorRates: { 400: 1 }, times: 1 });
  const queued = await outbox.enqueue({ kind: 'statuspal', accountId, ...write });
  await expect.poll(() => outbox.get(queued.id)?.state).toBe('failed');
  return queued;
}
