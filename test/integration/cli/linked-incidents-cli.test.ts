import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkedIncidents, LINKED_INCIDENTS_FILE_NAME } from '../../../electron/core/incidents/linked-incidents';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { startCli } from './support/cli-child';
import { runCliIn, type CliIoExtras } from './support/run-cli';

/*
 * A group the window recorded (written here by the store itself) over two
 * pages of the simulator, acme and acme-eu, each with its own account and key. The real bin shows the group and
 * posts an update and the resolve to each page once; a page that refuses is reported with the command that
 * retries it alone while the other stays sent; a damaged file reads as "not linked" and is left as it is.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let usId: number;
let euId: number;

const piped = (text: string): CliIoExtras => ({ stdinIsTty: false, readStdin: () => Promise.resolve(text) });
/** Set-up in this process (cheap); the commands under test in the real bin. */
const inProcess = (args: string[], extras: CliIoExtras = {}) => runCliIn(home.dir, args, {}, extras);
const statusdesk = (args: string[]) => startCli(args, { STATUSDESK_HOME: home.dir }).exited;
const updatesOf = (subdomain: string, id: number) =>
  sim
    .writeLog({ method: 'POST' })
    .filter((w) => w.path.endsWith(`/status_pages/${subdomain}/incidents/${id}/updates`))
    .map((w) => (w.body as { update: { type: string } }).update.type);

async function addAccount(name: string, subdomain: string): Promise<void> {
  const added = await inProcess(['--base-url', sim.baseUrl, 'accounts', 'add', name, '--subdomain', subdomain], piped(`${sim.keys.demoReadWrite}\n`));
  expect(added.code, added.stderr).toBe(0);
}

async function createOn(account: string, subdomain: string): Promise<number> {
  const created = await inProcess(['--json', '--account', account, 'incidents', 'create', subdomain, '--title', 'Login errors', '--type', 'minor']);
  expect(created.code, created.stderr).toBe(0);
  return (JSON.parse(created.stdout) as { incident: { id: number } }).incident.id;
}

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  home = makeTempDir('statusdesk-linked-cli-');
  await addAccount('Acme US', 'acme');
  await addAccount('Acme EU', 'acme-eu');
  usId = await createOn('Acme US', 'acme');
  euId = await createOn('Acme EU', 'acme-eu');
  const accounts = new SettingsStore(home.dir).get().accounts;
  const accountOf = (subdomain: string) => accounts.find((a) => a.subdomain === subdomain)!.id;
  await new LinkedIncidents({ dataDir: home.dir }).record({
    title: 'Login errors',
    members: [
      { accountId: accountOf('acme'), subdomain: 'acme', incidentId: usId, serviceIds: [] },
      { accountId: accountOf('acme-eu'), subdomain: 'acme-eu', incidentId: euId, serviceIds: [] },
    ],
  });
});
afterAll(async () => {
  // The accounts' keys are in the app's keychain service (hence a KEYCHAIN_SUITES file): taken out again.
  for (const name of ['Acme US', 'Acme EU']) await inProcess(['accounts', 'remove', name]);
  await sim.close();
  home.remove();
});

describe('statusdesk incidents linked / --all-linked', () => {
  it('shows the group, posts an update to each page once, and a resolve refused on one page leaves the other sent and says how to retry it', async () => {
    const shown = await statusdesk(['--json', 'incidents', 'linked', 'acme-eu', String(euId)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({
      linked: true,
      title: 'Login errors',
      members: [
        { subdomain: 'acme', account: 'Acme US', incidentId: usId, state: 'sent' },
        { subdomain: 'acme-eu', account: 'Acme EU', incidentId: euId, state: 'sent' },
      ],
    });

    const updated = await statusdesk(['incidents', 'update', 'acme', String(usId), '--all-linked', '--message', 'Fix rolling out']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toMatch(new RegExp(`^acme #${usId}: sent \\(update #\\d+\\)\\nacme-eu #${euId}: sent \\(update #\\d+\\)\\n$`));
    expect(updatesOf('acme', usId)).toEqual(['update']);
    expect(updatesOf('acme-eu', euId)).toEqual(['update']);
    // Run again (the first run killed while a page hung, say): nothing is posted twice, and it says so.
    const again = await statusdesk(['incidents', 'update', 'acme', String(usId), '--all-linked', '--message', 'Fix rolling out']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(
        `^acme #${usId}: already sent as write [0-9a-f]{8} by an earlier run; not queued again\\nacme-eu #${euId}: already sent as write [0-9a-f]{8} by an earlier run; not queued again\\n$`,
      ),
    );
    expect(updatesOf('acme', usId)).toEqual(['update']);
    expect(updatesOf('acme-eu', euId)).toEqual(['update']);
    // One page's command run again is the same.
    const single = await inProcess(['incidents', 'update', 'acme', String(usId), '--account', 'Acme US', '--message', 'Fix rolling out']);
    expect(single.code, single.stderr).toBe(0);
    expect(single.stdout).toMatch(/^already sent as write [0-9a-f]{8} by an earlier run; not queued again$/m);
    expect(updatesOf('acme', usId)).toEqual(['update']);

    sim.addFault({ method: 'POST', pathPrefix: `/status_pages/acme-eu/incidents/${euId}/updates`, errorRates: { '422': 1 }, times: 1 });
    const resolved = await statusdesk(['incidents', 'resolve', 'acme', String(usId), '--all-linked', '--message', "It's fixed"]);
    expect(resolved.code).toBe(1);
    const [usLine, euLine] = resolved.stdout.trim().split('\n');
    expect(usLine).toMatch(new RegExp(`^acme #${usId}: sent`));
    expect(euLine).toContain(`acme-eu #${euId}: failed: the server refused the data (422) without saying why, so nothing was sent or kept; `);
    expect(euLine).toContain(`retry this page alone: statusdesk incidents resolve acme-eu ${euId} --account 'Acme EU' --message 'It'\\''s fixed'`);
    // Exactly once each: the refused page was not tried again, the other not posted twice.
    expect(updatesOf('acme', usId)).toEqual(['update', 'resolved']);
    expect(updatesOf('acme-eu', euId)).toEqual(['update']);

    // The refused write was not kept (the outbox would send it again): the command given posts it, once (in this process: no spawn needed).
    const retried = await inProcess(['incidents', 'resolve', 'acme-eu', String(euId), '--account', 'Acme EU', '--message', "It's fixed"]);
    expect(retried.code, retried.stderr).toBe(0);
    expect(updatesOf('acme-eu', euId)).toEqual(['update', 'resolved']);
    const after = await inProcess(['incidents', 'linked', 'acme', String(usId)]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toBe(
      [`“Login errors” is posted on 2 pages:`, `  acme (Acme US)  #${usId}  sent`, `  acme-eu (Acme EU)  #${euId}  sent`, ''].join('\n'),
    );
  });

  it('a page whose create was discarded before it was sent is shown as not sent and skipped by --all-linked', async () => {
    const otherId = await createOn('Acme US', 'acme');
    const accounts = new SettingsStore(home.dir).get().accounts;
    const discarded = 'tmp-0b6f6c1e-3f0a-4a55-9c1e-6d2b8f1a2c3d';
    await new LinkedIncidents({ dataDir: home.dir }).record({
      title: 'Slow search',
      members: [
        { accountId: accounts.find((a) => a.subdomain === 'acme')!.id, subdomain: 'acme', incidentId: otherId, serviceIds: [] },
        { accountId: accounts.find((a) => a.subdomain === 'acme-eu')!.id, subdomain: 'acme-eu', incidentId: discarded, serviceIds: [] },
      ],
    });
    const shown = await inProcess(['incidents', 'linked', 'acme', String(otherId)]);
    expect(shown.stdout).toContain(`  acme-eu (Acme EU)  temp id ${discarded}  not sent\n`);
    const updated = await inProcess(['incidents', 'update', 'acme', String(otherId), '--all-linked', '--message', 'Looking']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toMatch(new RegExp(`^acme #${otherId}: sent \\(update #\\d+\\)\\nacme-eu temp id ${discarded}: skipped: its create was discarded`));
    expect(updatesOf('acme', otherId)).toEqual(['update']);
  });

  it('a damaged linked-incidents.json reads as not linked, and is left as it is for the app', async () => {
    const file = path.join(home.dir, LINKED_INCIDENTS_FILE_NAME);
    const kept = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, '{"format": "statusdesk.linked-incidents", "version": 1, "groups": [');
      const shown = await statusdesk(['incidents', 'linked', 'acme', String(usId)]);
      expect(shown.code, shown.stderr).toBe(0);
      expect(shown.stdout).toBe(`incident ${usId} of acme is not linked to other pages\n`);
      const refused = await inProcess(['incidents', 'update', 'acme', String(usId), '--all-linked', '--message', 'x']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/not linked to other pages: post to it without --all-linked/);
      expect(fs.readdirSync(home.dir).filter((name) => name.startsWith('linked-incidents'))).toEqual([LINKED_INCIDENTS_FILE_NAME]);
      expect(updatesOf('acme', usId)).toEqual(['update', 'resolved']);
    } finally {
      fs.writeFileSync(file, kept);
    }
  });
});
