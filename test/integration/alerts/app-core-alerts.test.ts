import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { ALERT_QUEUE_FILE_NAME } from '../../../electron/core/alerts/delivery/queue-store';
import { heldChangesPath } from '../../../electron/core/alerts/routing/held-changes';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { startAlertsSimulator } from '../../../simulators/alerts';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { ROUTING_KEY } from './support/harness';

/*
 * The team alerts in the real app core, end to end on loopback: a page watched on the Status Page simulator,
 * a Slack and a PagerDuty destination on the alerts simulator, their secrets in the real keychain (a service
 * name of this file's own, run under scripts/with-keyring.sh). An incident opened and resolved on the page
 * reaches Slack as one message each, and PagerDuty as a trigger and a resolve with one dedup_key; no file in
 * the data folder holds an address or a key.
 */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('team alerts in the app core', () => {
  it('an incident opened and resolved: one Slack message each, a PagerDuty trigger and resolve, secrets only in the keychain', async () => {
    const pages = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    cleanups.push(() => pages.close());
    const receivers = await startAlertsSimulator({ routingKeys: [ROUTING_KEY] });
    cleanups.push(() => receivers.stop());
    const home = makeTempDir('statusdesk-core-alerts-');
    cleanups.push(() => home.remove());
    const keychain = new KeychainSecretStore({ service: `Statusdesk-alerts-test-${randomUUID()}` });
    const core = new AppCore({
      dataDir: home.dir,
      vault: new KeyVault(keychain),
      version: 'test',
      appOrigins: [ORIGIN],
      monitorTuning: { startSpreadMs: 0, jitterRatio: 0 },
    });
    cleanups.push(() => core.dispose());

    const added = (await core.dispatcher.dispatch('monitor.addPage', { region: 'custom', baseUrl: pages.baseUrl, subdomain: 'acme' }, sender)) as {
      ok: boolean;
      value: WatchedPage;
    };
    expect(added.ok).toBe(true);
    const pageId = added.value.id;
    const slackAddress = receivers.slackHookUrl();
    const slack = await core.alerts.addDestination({ name: 'Ops channel', kind: 'slack', address: slackAddress, timeZone: 'Europe/Berlin' });
    const pager = await core.alerts.addDestination({
      name: 'On call',
      kind: 'pagerduty',
      address: receivers.pagerDutyUrl,
      key: ROUTING_KEY,
      timeZone: 'America/New_York',
    });
    for (const destination of [slack, pager]) {
      cleanups.push(async () => {
        await keychain.delete(secretNames.alertAddress(destination.id));
        await keychain.delete(secretNames.alertKey(destination.id));
      });
      await core.alerts.saveRule({ destinationId: destination.id, pageIds: [pageId], updates: 'open-and-resolve', minSeverity: 'minor' });
    }

    await core.start();
    // The baseline poll: nothing changed yet, nothing is sent.
    await expect.poll(async () => (await core.monitor.fullSnapshot()).pages.find((p) => p.pageId === pageId)?.status).toBe('ok');

    const incident = pages.openIncident({ page: 'acme', type: 'major', title: 'Checkout is down', services: [2] });
    await core.monitor.pollNow(pageId);
    await expect.poll(() => receivers.slack.messages.length).toBe(1);
    expect(JSON.stringify(receivers.slack.messages[0])).toContain('Checkout is down');
    await expect.poll(() => receivers.pagerDuty.alerts.map((a) => a.status)).toEqual(['triggered']);
    const dedupKey = receivers.pagerDuty.alerts[0]!.dedupKey;

    pages.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'Fixed' });
    await core.monitor.pollNow(pageId);
    await expect.poll(() => receivers.slack.messages.length).toBe(2);
    expect(JSON.stringify(receivers.slack.messages[1])).toContain('Checkout is down');
    await expect.poll(() => receivers.pagerDuty.alerts.map((a) => a.status)).toEqual(['resolved']);
    expect(receivers.pagerDuty.alerts[0]!.dedupKey).toBe(dedupKey);
    // The page leaving major is also resolved under the page's own key (a trigger its level alone would have
    // made); nothing was open under it, so PagerDuty drops it. Slack hears the resolution once.
    await expect.poll(async () => (await core.alerts.deliveries()).every((d) => d.state === 'delivered')).toBe(true);
    const pagerEvents = receivers.requests('pagerduty').map((r) => r.body as { event_action: string; dedup_key: string });
    expect(pagerEvents.filter((e) => e.dedup_key === dedupKey).map((e) => e.event_action)).toEqual(['trigger', 'resolve']);
    expect(pagerEvents.filter((e) => e.dedup_key !== dedupKey).map((e) => e.event_action)).toEqual(['resolve']);
    expect(receivers.pagerDuty.alerts).toHaveLength(1);
    expect(receivers.slack.messages).toHaveLength(2);

    // The secrets are in the keychain, bound to their origins, and in no file of the data folder.
    expect(await keychain.get(secretNames.alertAddress(slack.id))).toContain(slackAddress);
    expect(await keychain.get(secretNames.alertKey(pager.id))).toContain(ROUTING_KEY);
    const secretParts = [slackAddress, new URL(slackAddress).pathname, ROUTING_KEY];
    const files = ['settings.json', ALERT_QUEUE_FILE_NAME, path.basename(heldChangesPath(home.dir))].map((name) => path.join(home.dir, name));
    expect(fs.existsSync(files[0]!) && fs.existsSync(files[1]!)).toBe(true);
    for (const file of files.filter((f) => fs.existsSync(f))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const secret of secretParts) expect(text, `${path.basename(file)} holds a secret`).not.toContain(secret);
    }
  });
});
