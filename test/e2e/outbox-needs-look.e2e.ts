import type { Page } from '@playwright/test';
import type { OutboxEnqueueInput } from '../../shared/outbox/requests';
import type { FaultRule } from '../../simulators/statuspal';
import type { Harness } from './support/harness';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, goTo } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * The Outbox screen's "Needs a look": creates whose outcome is unknown and whose look-up found
 * look-alikes on the server are held there, next to conflicts, with the user's write and each look-alike side
 * by side: "It is mine" on the look-alike that is theirs, or "Send mine".
 */

const incident = (title: string) => ({ type: 'minor', title, service_ids: [2], updates: [{ type: 'issue', description: 'Investigating' }] });

async function queueUntilHeld(app: Harness, accountId: string, title: string): Promise<string> {
  const outbox = await app.core.outbox.service();
  const request: OutboxEnqueueInput = { kind: 'statuspal', accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: incident(title) } };
  const { id } = await outbox.enqueue(request);
  await expect.poll(() => outbox.get(id)?.state).toBe('needs_look');
  return id;
}

const card = (page: Page, title: string) => page.getByRole('region', { name: /Needs a look/ }).getByRole('article', { name: `Create incident “${title}”` });

test('a create that needs a look: the look-alikes side by side; It is mine takes one, Send mine sends ours', async ({ page, sim, launch }) => {
  const app = await launch();
  const { id: accountId } = await addAcmeAccount(app, sim);
  const ONCE: Pick<FaultRule, 'method' | 'times'> = { method: 'POST', times: 1 };

  // Ours was stored and so was a colleague's identical one, as we sent: two look-alikes after our send.
  sim.setFaults({ ...ONCE, dropAfterCommitRate: 1, secondWriter: {} });
  await queueUntilHeld(app, accountId, 'Checkout down');
  const ours = sim.writeLog({ op: 'incidents.create' })[0]!.resultId!;

  // Only a colleague's, made a minute before our send, and ours was cut off before the server had it.
  // The server's clock is set back a minute for the colleague's write only: it does not jump for ours.
  const now = sim.now();
  sim.setClock(now.getTime() - 60_000);
  const theirs = sim.openIncident({ page: 'acme', type: 'minor', title: 'Search slow', services: [2], message: 'Investigating' });
  sim.setClock(now);
  sim.setFaults({ ...ONCE, resetRate: 1 });
  await queueUntilHeld(app, accountId, 'Search slow');

  await goTo(page, /Outbox/, 'Outbox');
  await expect(page.getByRole('heading', { name: /Needs a look/, level: 2 })).toContainText('2');
  const several = card(page, 'Checkout down');
  await expect(several.getByText('Needs a look', { exact: true })).toBeVisible();
  await expect(several.getByTestId('lookup-candidate')).toHaveCount(2);
  await expect(several.getByRole('row', { name: 'Yours' })).toContainText('API');
  const before = card(page, 'Search slow');
  await expect(before).toContainText('made just before you sent it');
  await expect(before.getByTestId('lookup-candidate')).toHaveText([new RegExp(`#${theirs.id}\\s*Search slow\\s*minor\\s*API`)]);
  await expectAccessible(page, 'the outbox with two writes that need a look');
  await page.screenshot({ path: screenshotPath('outbox-needs-look.png'), fullPage: true });

  // Send mine where a look-alike was stored after ours asks first: that one may be ours (two otherwise).
  const createsSoFar = sim.writeLog({ op: 'incidents.create' }).length;
  await several.getByRole('button', { name: 'Send mine…' }).click();
  await expect(several.getByTestId('send-mine-confirm')).toContainText('may be yours: sending again could make two');
  await several.getByRole('button', { name: 'Cancel' }).click();
  await expect(several.getByTestId('send-mine-confirm')).toHaveCount(0);
  expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(createsSoFar);
  // The core refuses it too, for a window that does not ask.
  const refused = await app.core.dispatcher.dispatch(
    'outbox.resolveLookup',
    { id: (await app.core.outbox.service()).list().find((e) => e.lookup?.reason === 'several')!.id, choice: 'send_mine' },
    { url: `${new URL(page.url()).origin}/index.html`, isMainFrame: true },
  );
  expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/may be yours/) } });

  await several.getByRole('button', { name: `It is mine: #${ours}` }).click();
  await expect(page.getByTestId('outbox-notice')).toHaveText(`Taken as yours: #${ours}.`);
  await expect(several).toBeHidden();

  await before.getByRole('button', { name: 'Send mine' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  const creates = sim.writeLog({ op: 'incidents.create' });
  expect(creates.map((w) => (w.body as { incident: { title: string } }).incident.title)).toEqual(['Checkout down', 'Search slow']);
  const outbox = await app.core.outbox.service();
  expect(outbox.list().map((e) => e.result?.id)).toEqual([ours, creates[1]!.resultId]);
});
