import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsPortOf } from '../../../electron/core/outbox/statuspal/accounts-port';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, resetLimiters, flushOnceReachable } from './support/harness';

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
const vault = new KeyVault(new KeychainSecretStore());

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  home = makeTempDir('statusdesk-outbox-keychain-');
});
afterAll(async () => {
  await sim.close();
  resetLimiters();
  home.remove();
});

describe('outbox with keys in the real keychain', () => {
  it('reads the key from the vault at send time and never writes a key to the outbox file', async () => {
    // A key of its own, so finding it anywhere in the file could only mean the outbox wrote it.
    const key = `outbox-secret-${randomUUID()}`;
    await sim.addKey({ kind: 'org', orgId: 1, access: 'write', key });
    const envKey = `outbox-env-secret-${randomUUID()}`;
    await sim.addKey({ kind: 'org', orgId: 1, access: 'write', key: envKey });

    const settings = new SettingsStore(home.dir);
    const id = randomUUID();
    settings.update((s) => {
      s.accounts.push({ id, name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    await vault.set(secretNames.statusPageKey(id), key, { binding: bindingFor([sim.baseUrl]) });
    try {
      const accounts = accountsPortOf({
        records: () => settings.get().accounts,
        keyFor: (accountId, url) => vault.release(secretNames.statusPageKey(accountId), { url }),
      });
      await sim.goOffline();
      const outbox = await openTestOutbox(home.dir, accounts, { env: { STATUSDESK_API_KEY: envKey } });
      outbox.start();
      const created = await outbox.enqueue({
        accountId: id,
        operation: 'createIncident',
        input: { subdomain: 'acme', incident: { type: 'major', title: 'Keychain' } },
      });
      await outbox.enqueue({
        accountId: id,
        operation: 'addIncidentUpdate',
        input: { subdomain: 'acme', incidentId: created.tempId, update: { type: 'resolved', description: 'Done' } },
      });
      await outbox.enqueue({
        accountId: envAccountId(sim.baseUrl),
        server: { baseUrl: sim.baseUrl, keyFrom: 'env' },
        operation: 'createIncident',
        input: { subdomain: 'acme', incident: { type: 'minor', title: 'From the environment' } },
      });
      await outbox.flush();
      await sim.goOnline();
      expect(await flushOnceReachable(outbox)).toMatchObject({ pending: 0, failed: 0 });
      await outbox.stop();

      const writes = sim.writeLog({ op: 'incidents.create' });
      expect(new Set(writes.map((w) => w.keyId)).size).toBe(2); // the vault's key and the environment's
      const text = fs.readFileSync(path.join(home.dir, 'outbox.jsonl'), 'utf8');
      expect(text).toContain('Keychain');
      expect(text).toContain('"keyFrom":"env"');
      expect(text).not.toContain(key);
      expect(text).not.toContain(envKey);
      for (const name of fs.readdirSync(home.dir)) {
        const content = fs.readFileSync(path.join(home.dir, name));
        expect(content.includes(key), name).toBe(false);
        expect(content.includes(envKey), name).toBe(false);
      }
    } finally {
      await vault.delete(secretNames.statusPageKey(id));
    }
  });
});
