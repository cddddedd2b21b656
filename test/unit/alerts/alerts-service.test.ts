import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertDeliveryView } from '../../../shared/alerts/alert-delivery';
import type { AlertMessage } from '../../../shared/alerts/alert-message';
import type { AlertDeliveryApi } from '../../../electron/core/alerts/alert-delivery-api';
import { createAlerts } from '../../../electron/core/alerts/alerts-feature';
import type { SecretCheck } from '../../../electron/core/alerts/destination-secret';
import { KnownSecrets } from '../../../electron/core/security/known-secrets';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

const SLACK_ADDRESS = 'https://hooks.slack.com/services/T000/B000/abcdefghijklmnopqrstuvwx';

/** The delivery queue as the service sees it: what was enqueued (the real queue is the delivery part's, tested there). */
class RecordingQueue implements AlertDeliveryApi {
  readonly sent: Array<{ destinationId: string; message: AlertMessage }> = [];
  dropped: string[] = [];
  async enqueue(destinationId: string, message: AlertMessage): Promise<string> {
    this.sent.push({ destinationId, message });
    return `d${this.sent.length}`;
  }
  list(): AlertDeliveryView[] {
    return [];
  }
  async firstOutcome(id: string): Promise<AlertDeliveryView> {
    const { destinationId, message } = this.sent[Number(id.slice(1)) - 1]!;
    return {
      id,
      destinationId,
      destinationName: destinationId,
      kind: 'slack',
      title: message.title,
      severity: message.severity,
      pageNames: [],
      changes: 1,
      test: message.test,
      state: 'delivered',
      attempts: 1,
      problem: null,
      queuedAt: message.createdAt,
      deliveredAt: message.createdAt,
      nextAttemptAt: null,
    };
  }
  retry(): AlertDeliveryView {
    throw new Error('not used');
  }
  dismiss(): void {}
  dropDestination(id: string): number {
    this.dropped.push(id);
    return 2;
  }
  onChange(): () => void {
    return () => undefined;
  }
  async open(): Promise<void> {}
  async refresh(): Promise<void> {}
  ownership() {
    return { state: 'owner' as const };
  }
  start(): void {}
  async stop(): Promise<void> {}
}

/** Slack's address check, as the destination formats do it (destinations/slack.ts is the delivery part's). */
function checkSecret(_kind: string, input: { address?: string | undefined }): SecretCheck {
  if (!input.address?.startsWith('https://hooks.slack.com/')) return { ok: false, problem: 'This is not a Slack incoming webhook address.' };
  return { ok: true, origin: 'https://hooks.slack.com', address: input.address };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setUp() {
  const temp = makeTempDir('statusdesk-alerts-service-');
  cleanups.push(temp.remove);
  const keychain = memoryKeychain();
  const vault = new KeyVault(keychain);
  const settings = new SettingsStore(temp.dir);
  const queue = new RecordingQueue();
  const secrets = new KnownSecrets();
  const alerts = createAlerts({ dataDir: temp.dir, settings, vault, createDelivery: () => queue, checkSecret, reportProblem: () => undefined, secrets });
  return { dir: temp.dir, keychain, vault, settings, queue, secrets, alerts };
}

describe('AlertsService', () => {
  it('keeps the address in the keychain, bound to its origin, and only the origin in the settings', async () => {
    const { dir, keychain, alerts, secrets } = setUp();
    const destination = await alerts.api.addDestination({ name: 'Ops', kind: 'slack', address: SLACK_ADDRESS, timeZone: 'Europe/Berlin' });
    expect(destination).toMatchObject({ name: 'Ops', kind: 'slack', origin: 'https://hooks.slack.com', enabled: true });
    const files = fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
    expect(files.join('\n')).toContain('https://hooks.slack.com');
    expect(files.join('\n')).not.toContain('abcdefghijklmnopqrstuvwx');
    expect(keychain.secrets.get(secretNames.alertAddress(destination.id))).toContain(SLACK_ADDRESS);
    expect(secrets.redact(`posted to ${SLACK_ADDRESS}`)).not.toContain('abcdefghijklmnopqrstuvwx');
    const view = await alerts.api.view();
    expect(view.destinations[0]).toMatchObject({ id: destination.id, secretStored: true, lastFour: 'uvwx' });
  });

  it('refuses what the format refuses, an unknown zone, and a rule for no destination, with typed errors', async () => {
    const { alerts } = setUp();
    await expect(alerts.api.addDestination({ name: 'X', kind: 'slack', address: 'https://example.com/x', timeZone: 'UTC' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'This is not a Slack incoming webhook address.',
    });
    await expect(alerts.api.addDestination({ name: 'X', kind: 'slack', address: SLACK_ADDRESS, timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(alerts.api.saveRule({ destinationId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('saves and replaces rules with their defaults; removing a destination removes its rules, secret and queue', async () => {
    const { alerts, keychain, queue } = setUp();
    const destination = await alerts.api.addDestination({ name: 'Ops', kind: 'slack', address: SLACK_ADDRESS, timeZone: 'Europe/Berlin' });
    const rule = await alerts.api.saveRule({ destinationId: destination.id });
    expect(rule).toMatchObject({ pageIds: null, services: [], minSeverity: 'minor', updates: 'all', quietHours: null, enabled: true });
    await alerts.api.saveRule({ ...rule, minSeverity: 'major' });
    expect((await alerts.api.view()).rules).toEqual([{ ...rule, minSeverity: 'major' }]);
    await expect(alerts.api.removeDestination(destination.id)).resolves.toEqual({ droppedMessages: 2 });
    expect(queue.dropped).toEqual([destination.id]);
    expect(keychain.secrets.size).toBe(0);
    expect(await alerts.api.view()).toEqual({ destinations: [], rules: [] });
  });

  it('a test sends a message marked as a test and answers its first outcome', async () => {
    const { alerts, queue } = setUp();
    const destination = await alerts.api.addDestination({ name: 'Ops', kind: 'slack', address: SLACK_ADDRESS, timeZone: 'Europe/Berlin' });
    const outcome = await alerts.api.test(destination.id);
    expect(outcome).toMatchObject({ state: 'delivered', test: true });
    expect(queue.sent[0]!.message).toMatchObject({ test: true, action: 'info', title: 'Statusdesk test: alerts reach this destination' });
  });
});
