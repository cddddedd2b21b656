import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertDestination } from '../../../shared/alerts/alert-destination';
import { CredentialsDirectory } from '../../../electron/cli/commands/serve-credentials';
import { secretFields } from '../../../electron/cli/commands/alerts-secret-text';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { makeTempDir } from '../../support/temp-dir';

/*
 * serve on a server without a keychain reads each destination's secret from a file the service manager put
 * in a credentials directory, named after the destination's id (or `<prefix>_<id>`, as systemd names a
 * loaded folder's files). Through the same KeyVault as the keychain: bound to the destination's origin.
 */

const slack: AlertDestination = { id: 'd-slack', name: 'Ops', kind: 'slack', origin: 'https://hooks.slack.com', timeZone: 'Europe/Berlin', enabled: true };
const pager: AlertDestination = { id: 'd-pd', name: 'On call', kind: 'pagerduty', origin: 'https://events.eu.pagerduty.com', timeZone: 'UTC', enabled: true };
const hook: AlertDestination = { id: 'd-hook', name: 'Receiver', kind: 'webhook', origin: 'https://alerts.example.com', timeZone: 'UTC', enabled: true };
const nameOf = (d: AlertDestination, part: 'address' | 'key' = 'address') => `alert-destination:${d.id}:${part}`;

let temp: ReturnType<typeof makeTempDir> | null = null;
afterEach(() => {
  temp?.remove();
  temp = null;
});

function directory(files: Record<string, string>) {
  temp = makeTempDir('statusdesk-credentials-');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(temp.dir, name), text, { mode: 0o600 });
  const all = [slack, pager, hook];
  return new CredentialsDirectory({
    dir: temp.dir,
    secretPartOf: (name) => {
      for (const destination of all) for (const part of ['address', 'key'] as const) if (nameOf(destination, part) === name) return { destination, part };
      return null;
    },
  });
}

describe('credentials directory', () => {
  it("reads each destination's file by id or by systemd's `<prefix>_<id>`, in the lines `alerts add` takes or as JSON", () => {
    const store = directory({
      'd-slack': 'https://hooks.slack.com/services/T0/B0/secretpart\n',
      'alerts_d-pd': 'R0UT1NGKEY0123456789abcdef0123\n',
      'd-hook': '{"address": "https://alerts.example.com/in", "key": "signing-secret-0123456789"}',
    });
    expect(store.secretOf(slack)).toEqual({ address: 'https://hooks.slack.com/services/T0/B0/secretpart' });
    expect(store.secretOf(pager)).toEqual({ address: 'https://events.eu.pagerduty.com/v2/enqueue', key: 'R0UT1NGKEY0123456789abcdef0123' });
    expect(store.secretOf(hook)).toEqual({ address: 'https://alerts.example.com/in', key: 'signing-secret-0123456789' });
  });

  it('hands a secret out through the vault only to its destination origin, and tells the vault what it read', async () => {
    const store = directory({
      'd-slack': 'https://hooks.slack.com/services/T0/B0/secretpart\n',
      'd-hook': 'https://elsewhere.example.net/in\nsigning-secret-0123456789\n',
    });
    const vault = new KeyVault(store);
    const noticed: string[] = [];
    vault.notice((secret) => noticed.push(secret));
    expect(await vault.release(nameOf(slack), { url: 'https://hooks.slack.com/services/T0/B0/secretpart' })).toBe(
      'https://hooks.slack.com/services/T0/B0/secretpart',
    );
    expect(noticed).toEqual(['https://hooks.slack.com/services/T0/B0/secretpart']);
    expect(await vault.release(nameOf(slack, 'key'), { url: 'https://hooks.slack.com/services/T0/B0/secretpart' })).toBeNull();
    // A file whose address is not where the destination was set up to send is refused, as a moved keychain secret is.
    await expect(vault.release(nameOf(hook), { url: 'https://elsewhere.example.net/in' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(vault.release(nameOf(hook, 'key'), { url: 'https://elsewhere.example.net/in' })).rejects.toMatchObject({ code: 'forbidden' });
    expect(() => store.secretOf(hook)).toThrow(/sends to https:\/\/elsewhere.example.net, but the destination was set up for https:\/\/alerts.example.com/);
    expect(await vault.release(nameOf(pager), { url: 'https://events.eu.pagerduty.com/v2/enqueue' })).toBeNull();
    expect(await vault.describe('translation-api-key')).toEqual({ storage: 'none', lastFour: null });
  });

  it('says which part is missing without quoting the file, is read-only, and is unavailable when the folder is not there', async () => {
    const store = directory({ 'd-hook': 'https://alerts.example.com/in\n', 'd-slack': '{"address": ' });
    expect(() => store.secretOf(hook)).toThrow(/The credential d-hook for "Receiver" holds no signing secret the receiver checks/);
    expect(() => store.secretOf(slack)).toThrow(/not valid JSON/);
    await expect(store.set()).rejects.toMatchObject({ code: 'keychain_unavailable' });
    expect(await store.delete()).toBe(false);
    expect(await store.probe()).toMatchObject({ available: true });
    const gone = new CredentialsDirectory({ dir: path.join(temp!.dir, 'missing'), secretPartOf: () => null });
    expect(await gone.probe()).toMatchObject({ available: false, reason: expect.stringMatching(/cannot be read/) });
  });
});

describe('the secret lines of alerts add', () => {
  it('takes one line for Slack and Teams, the routing key for PagerDuty, address and signing secret for a webhook', () => {
    expect(secretFields('slack', ['https://hooks.slack.com/x'], undefined)).toEqual({ address: 'https://hooks.slack.com/x' });
    expect(secretFields('pagerduty', ['KEY'], 'https://events.eu.pagerduty.com/v2/enqueue')).toEqual({
      key: 'KEY',
      address: 'https://events.eu.pagerduty.com/v2/enqueue',
    });
    expect(secretFields('webhook', ['https://r.example/in', 'sig'], undefined)).toEqual({ address: 'https://r.example/in', key: 'sig' });
    expect(() => secretFields('webhook', ['https://r.example/in'], undefined)).toThrow(/no signing secret the receiver checks was given/);
    expect(() => secretFields('teams', [], undefined)).toThrow(/never as an argument/);
  });
});
