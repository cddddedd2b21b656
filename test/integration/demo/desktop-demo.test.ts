import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import type { TrayModel } from '../../../shared/monitor/tray';
import { AppCore } from '../../../electron/core/app-core';
import { startDesktopDemo } from '../../../electron/core/demo/desktop-demo';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { makeTempDir } from '../../support/temp-dir';

describe('desktop demo mode', () => {
  it('plays the scenario through the real core: events, notifications and tray follow it; the key stays out of the keychain', async () => {
    const temp = makeTempDir('statusdesk-demo-test-');
    const keychain = new KeychainSecretStore({ service: `Statusdesk-test-${randomUUID()}` });
    const notifications: NotificationIntent[] = [];
    const trays: TrayModel[] = [];
    const core = new AppCore({
      dataDir: temp.dir,
      vault: new KeyVault(keychain),
      version: 'test',
      appOrigins: ['app://statusdesk'],
      ports: { notify: (n) => notifications.push(n), setTray: (t) => trays.push(t) },
    });
    try {
      await core.start();
      const demo = await startDesktopDemo(core, { speed: 25 });
      const seenTray = new Set<string>();
      const unsubscribe = core.events.connect((channel) => {
        if (channel === 'monitor.onPatch' && trays.length) seenTray.add(trays.at(-1)!.icon);
      });
      await demo.player.done;
      await core.monitor.pollNow();
      unsubscribe();
      const history = (await core.monitor.history({ limit: 100 })).reverse();
      const types = history.filter((e) => e.page.subdomain === 'acme').map((e) => e.type);
      // The provider beside it (public Statuspage format): its incident opens, is updated and resolves.
      expect(history.filter((e) => e.page.name === 'Nimbus Cloud' && e.type.startsWith('incident.')).map((e) => e.type)).toEqual([
        'incident.opened',
        'incident.updated',
        'incident.resolved',
      ]);
      expect(types.filter((t) => t.startsWith('incident.') || t.startsWith('maintenance.'))).toEqual([
        'incident.opened',
        'incident.updated',
        'maintenance.started',
        'incident.updated',
        'maintenance.ended',
        'incident.resolved',
      ]);
      expect(notifications.some((n) => n.severity === 'major')).toBe(true);
      expect(seenTray.has('major')).toBe(true);
      expect((await core.monitor.tray()).icon).toBe('operational');
      const [account] = core.accounts.records();
      expect((await core.accounts.view(account!)).key.storage).toBe('session');
      await expect(keychain.get(secretNames.statusPageKey(account!.id))).resolves.toBeNull();
      await demo.stop();
    } finally {
      await core.dispose();
      temp.remove();
    }
  });
});
