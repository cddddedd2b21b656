import fs from 'node:fs/promises';
import { nodeFileSystem, type DurableFileSystem, type WritableFile } from '../../electron/core/storage/file-system';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, goTo } from './support/navigation';

/*
 * The Outbox screen since: Retry all in the Failed group (writes the server refused, a key
 * replaced since, are sent again in one go), and a full disk named with its code (item 9) while the outbox
 * cannot write its file.
 */

const create = (accountId: string, title: string) => ({
  kind: 'statuspal' as const,
  accountId,
  operation: 'createIncident',
  input: { subdomain: 'acme', incident: { type: 'minor', title } },
});

test('Retry all sends every failed write again', async ({ page, sim, launch }) => {
  const app = await launch();
  const { id: accountId } = await addAcmeAccount(app, sim);
  const outbox = await app.core.outbox.service();
  // Refused by a server having a bad moment, twice.
  sim.setFaults({ method: 'POST', errorRates: { 400: 1 }, times: 2 });
  const writes = [await outbox.enqueue(create(accountId, 'Checkout down')), await outbox.enqueue(create(accountId, 'Search slow'))];
  await expect.poll(() => writes.map((w) => outbox.get(w.id)?.state)).toEqual(['failed', 'failed']);

  await goTo(page, /Outbox/, 'Outbox');
  const failed = page.getByRole('region', { name: /Failed/ });
  await expect(failed.getByRole('heading', { name: /Failed/, level: 2 })).toContainText('2');
  await expectAccessible(page, 'the outbox with two failed writes and Retry all');
  await failed.getByRole('button', { name: 'Retry all' }).click();
  await expect(page.getByTestId('outbox-notice')).toHaveText('2 failed writes sent again.');
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  // Each once. Two new incidents are independent writes, which the outbox may send side by side (only writes to
  // one resource keep their queue order), so the server may see them in either order.
  expect(
    sim
      .writeLog({ op: 'incidents.create' })
      .map((w) => (w.body as { incident: { title: string } }).incident.title)
      .sort(),
  ).toEqual(['Checkout down', 'Search slow']);
});

test('a full disk under the outbox is named on the Outbox screen until space is freed', async ({ page, sim, launch }) => {
  const disk = { full: false };
  const original = nodeFileSystem.open;
  const filling: DurableFileSystem['open'] = async (filePath, flags, mode): Promise<WritableFile> => {
    const handle = await fs.open(filePath, flags, mode);
    return {
      write: async (buffer, offset, length) => {
        if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        return handle.write(buffer, offset, length);
      },
      sync: () => handle.sync(),
      truncate: (length) => handle.truncate(length),
      stat: () => handle.stat(),
      close: () => handle.close(),
    };
  };
  nodeFileSystem.open = filling;
  try {
    const app = await launch();
    const { id: accountId } = await addAcmeAccount(app, sim);
    const outbox = await app.core.outbox.service();
    await goTo(page, /Outbox/, 'Outbox');
    disk.full = true;
    await expect(outbox.enqueue(create(accountId, 'On a full disk'))).rejects.toThrow(/the disk is full \(ENOSPC\)/);
    await expect(page.getByTestId('outbox-disk')).toHaveText(
      /^The disk is full \(ENOSPC\): the outbox file .*outbox\.jsonl could not be written\. Nothing is sent/,
    );
    disk.full = false;
    await outbox.enqueue(create(accountId, 'Space freed'));
    await expect(page.getByTestId('outbox-disk')).toBeHidden();
  } finally {
    nodeFileSystem.open = original;
  }
});
