import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn, type CliIoExtras } from './support/run-cli';
import { EXIT_BROKEN_CONFIG } from '../../../electron/cli/commands/serve-config';

/*
 * statusdesk alerts add|list|rule|test|retry|remove against the Slack and webhook simulators, with the real
 * keychain: the secret from stdin (never an argument) into the keychain under the alerts service's names,
 * the destination into the app's settings, a test message delivered (exit 0) or not (exit 1, said why), and
 * no secret in anything the command prints or the settings file holds.
 */

let sim: AlertsSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startAlertsSimulator();
});
afterAll(async () => {
  await sim.stop();
});
afterEach(() => {
  sim.setFaults([]);
  home?.remove();
});

const cli = (args: string[], extras: CliIoExtras = {}) => runCliIn(home.dir, args, {}, extras);
const piped = (text: string): CliIoExtras => ({ stdinIsTty: false, readStdin: () => Promise.resolve(text) });
const keychain = () => new KeyVault(new KeychainSecretStore());
const settingsText = () => fs.readFileSync(path.join(home.dir, 'settings.json'), 'utf8');

function watchAPage(): string {
  const id = randomUUID();
  new SettingsStore(home.dir).update((draft) => {
    draft.watchedPages.push({
      id,
      region: 'us',
      subdomain: 'acme',
      name: 'Acme production',
      intervalSec: 60,
      muted: false,
      mutedServiceIds: [],
      followedIncidentIds: [],
    });
  });
  return id;
}

describe('statusdesk alerts', () => {
  it('adds a Slack destination from stdin, lists it, adds a rule, delivers a test message and removes it with its secret', async () => {
    home = makeTempDir('statusdesk-alerts-cli-');
    const pageId = watchAPage();
    const hook = sim.slackHookUrl('T0ALERTS', 'B0CLI', 'clisecrethookpart0001');
    const added = await cli(['alerts', 'add', 'slack', '--name', 'Ops', '--zone', 'Europe/Berlin'], piped(`${hook}\n`));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(
      /^added Slack destination Ops \(([0-9a-f-]{36})\), sending to http:\/\/127\.0\.0\.1:\d+, zone Europe\/Berlin; its secret is in the keychain$/m,
    );
    expect(added.stdout).toContain('it receives nothing until it has a rule');
    const [destination] = new SettingsStore(home.dir).get().alerts.destinations;
    expect(destination).toMatchObject({ name: 'Ops', kind: 'slack', origin: sim.url, timeZone: 'Europe/Berlin' });
    expect(await keychain().release(secretNames.alertAddress(destination!.id), { url: sim.url })).toBe(hook);

    const rule = await cli(['alerts', 'rule', 'ops', '--pages', 'Acme production', '--min-level', 'major', '--only-open-resolve', '--quiet', '22:00-07:00']);
    expect(rule.code, rule.stderr).toBe(0);
    expect(rule.stdout).toMatch(/^added rule \S+ for Ops: Acme production; major and worse; openings and resolutions only; quiet 22:00–07:00/);
    expect(new SettingsStore(home.dir).get().alerts.rules).toEqual([
      expect.objectContaining({
        destinationId: destination!.id,
        pageIds: [pageId],
        minSeverity: 'major',
        updates: 'open-and-resolve',
        quietHours: { from: '22:00', to: '07:00' },
      }),
    ]);

    const tested = await cli(['alerts', 'test', 'Ops']);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/^test message to Ops: delivered /);
    expect(sim.slack.messages.filter((m) => m.hook.includes('clisecrethookpart0001'))).toHaveLength(1);

    const listed = await cli(['alerts', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`Ops\\s+Slack\\s+${sim.url.replace(/\./g, '\\.')}\\s+Europe/Berlin\\s+stored …0001\\s+${destination!.id}`));
    expect(listed.stdout).toContain('Acme production; major and worse');
    expect(listed.stdout).toMatch(/Delivery log, newest first \(1 message\):\n.*Ops {2}test: .*: delivered /);
    const json = JSON.parse((await cli(['--json', 'alerts', 'list'])).stdout) as {
      destinations: unknown[];
      deliveries: Array<{ state: string; test: boolean }>;
    };
    expect(json.deliveries).toEqual([expect.objectContaining({ state: 'delivered', test: true })]);

    for (const output of [added, rule, tested, listed]) expect(output.stdout + output.stderr).not.toContain('clisecrethookpart0001');
    expect(settingsText()).not.toContain('clisecrethookpart0001');

    const removed = await cli(['alerts', 'remove', destination!.id]);
    expect(removed).toMatchObject({ code: 0, stdout: 'removed Ops, its rules and its secret\n' });
    expect(new SettingsStore(home.dir).get().alerts).toEqual({ destinations: [], rules: [] });
    expect(await keychain().release(secretNames.alertAddress(destination!.id), { url: sim.url })).toBeNull();
  });

  it('a webhook takes its address and signing secret from stdin; a test refused by the receiver exits 1 with the reason, and retry sends it again', async () => {
    home = makeTempDir('statusdesk-alerts-cli-');
    const signing = 'cli-signing-secret-0123456789abcdef';
    sim.setWebhookSecret('cli', signing);
    const missing = await cli(['alerts', 'add', 'webhook', '--name', 'Receiver', '--zone', 'UTC'], piped(`${sim.webhookUrl('cli')}\n`));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no signing secret the receiver checks was given: pipe them, one a line, on stdin/);
    expect(fs.existsSync(path.join(home.dir, 'settings.json')) ? new SettingsStore(home.dir).get().alerts.destinations : []).toEqual([]);

    const added = await cli(['alerts', 'add', 'webhook', '--name', 'Receiver', '--zone', 'UTC'], piped(`${sim.webhookUrl('cli')}\n${signing}\n`));
    expect(added.code, added.stderr).toBe(0);

    // The receiver refuses it for good (403): not delivered, with why, and the command says so with exit 1.
    sim.setFaults([{ kind: 'status', status: 403, route: 'webhook' }]);
    const refused = await cli(['alerts', 'test', 'Receiver']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^test message to Receiver: NOT DELIVERED: .+ \(statusdesk alerts retry (\S+)\)$/m);
    const deliveryId = /statusdesk alerts retry (\S+)\)/.exec(refused.stdout)![1]!;
    const listed = await cli(['alerts', 'list']);
    expect(listed.stdout).toMatch(/1 NOT DELIVERED/);

    const retried = await cli(['alerts', 'retry', deliveryId]);
    expect(retried.code, retried.stdout + retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(/to Receiver: delivered /);
    expect(sim.webhook.received).toHaveLength(1);
    for (const output of [added, refused, listed, retried]) expect(output.stdout + output.stderr).not.toContain(signing);
    expect(settingsText()).not.toContain(signing);
    expect((await cli(['alerts', 'remove', 'Receiver'])).code).toBe(0);
  });

  it('serve reads the secrets from the keychain when no credentials folder is given, and refuses to start when one is missing', async () => {
    home = makeTempDir('statusdesk-alerts-cli-');
    watchAPage();
    const added = await cli(
      ['alerts', 'add', 'slack', '--name', 'Ops', '--zone', 'UTC'],
      piped(`${sim.slackHookUrl('T0ALERTS', 'B0SERVE', 'keychainservehook0002')}\n`),
    );
    expect(added.code, added.stderr).toBe(0);
    expect((await cli(['alerts', 'rule', 'Ops'])).code).toBe(0);
    const [destination] = new SettingsStore(home.dir).get().alerts.destinations;
    // Deleted outside Statusdesk (or another computer's settings): serve says which destination cannot send, and why.
    await keychain().delete(secretNames.alertAddress(destination!.id));
    const serve = await cli(['serve']);
    expect(serve.code).toBe(EXIT_BROKEN_CONFIG);
    expect(serve.stderr).toContain(`"Ops" (${destination!.id}) cannot send: the keychain holds no secret for it`);
    expect(serve.stderr).toContain('(read from the OS keychain)');
    expect((await cli(['alerts', 'list'])).stdout).toMatch(/Ops\s+Slack\s+\S+\s+UTC\s+MISSING/);
    expect((await cli(['alerts', 'remove', 'Ops'])).code).toBe(0);
  });

  it('refuses a secret as an argument, an unknown destination, kind or zone, with the usage exit code', async () => {
    home = makeTempDir('statusdesk-alerts-cli-');
    expect((await cli(['alerts', 'add', 'slack', '--name', 'X', '--address', sim.slackHookUrl()], piped(''))).code).toBe(2);
    expect((await cli(['alerts', 'add', 'slack', '--name', 'X'], piped(''))).stderr).toMatch(/no Slack incoming webhook address was given/);
    expect((await cli(['alerts', 'add', 'email', '--name', 'X'], piped('x'))).stderr).toMatch(
      /the kind must be one of slack, teams, pagerduty, webhook; not "email"/,
    );
    expect((await cli(['alerts', 'add', 'slack', '--name', 'X', '--zone', 'Mars/Olympus'], piped(sim.slackHookUrl()))).stderr).toMatch(
      /--zone must be an IANA time zone/,
    );
    const unknown = await cli(['alerts', 'test', 'Nobody']);
    expect(unknown).toMatchObject({ code: 2, stderr: 'statusdesk: no alert destination "Nobody" (destinations: none)\n' });
  });
});
