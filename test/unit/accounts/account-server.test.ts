import { afterEach, describe, expect, it } from 'vitest';
import { serverOfAccount } from '../../../electron/core/accounts/account-server';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { watchedPageSchema } from '../../../shared/monitor/watched-page';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Every poll of an account's page asks where the account's server is now. A whole copy of the settings there
 * (every watched page with it) made each poll cost more the more pages are watched.
 */

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** Settings that count the copies of themselves they hand out. */
class CountingSettings extends SettingsStore {
  copies = 0;

  override get(): ReturnType<SettingsStore['get']> {
    this.copies++;
    return super.get();
  }
}

const ACCOUNT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

function settingsWith500Pages(): CountingSettings {
  const temp = makeTempDir();
  cleanup = temp.remove;
  const settings = new CountingSettings(temp.dir);
  settings.update((draft) => {
    draft.accounts = [{ id: ACCOUNT_ID, name: 'Prod', region: 'eu', subdomain: 'acme', createdAt: '2026-01-01T00:00:00.000Z' }];
    draft.watchedPages = Array.from({ length: 500 }, (_, i) =>
      watchedPageSchema.parse({
        id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        region: 'eu',
        subdomain: `page-${i}`,
        accountId: ACCOUNT_ID,
      }),
    );
  });
  settings.copies = 0;
  return settings;
}

describe("an account's server", () => {
  it('is read without a copy of the settings, and is null for an account no longer kept', () => {
    const settings = settingsWith500Pages();
    expect(serverOfAccount(settings, ACCOUNT_ID)).toBe('https://statuspal.eu/api/v2');
    expect(serverOfAccount(settings, '00000000-0000-4000-8000-00000000dead')).toBeNull();
    expect(settings.copies).toBe(0);
  });
});
