import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { account, uuid } from '../support/fixtures';

/* Accounts: the list as the core keeps it, and each account's connection check. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });

afterEach(() => vi.unstubAllGlobals());

describe('accounts store', () => {
  it("keeps each account's last check, a refusal as a failed check, and forgets it when the account changes", async () => {
    const answers = [ok({ ok: true, message: 'Connected.', steps: [] }), refused({ code: 'network', message: 'The server could not be reached.' })];
    installFakeApi({
      accounts: {
        list: () => ok([account(1), account(2)]),
        testConnection: () => answers.shift()!,
        update: (change) => ok(account(1, { name: change!.name ?? 'Account 1' })),
      },
    });
    testingPinia();
    const accounts = useAccountsStore();
    await accounts.load();
    const checking = accounts.test(uuid(1));
    expect(accounts.checks[uuid(1)]).toBe('running');
    await checking;
    await accounts.test(uuid(2));
    expect(accounts.checks).toEqual({
      [uuid(1)]: { ok: true, message: 'Connected.', steps: [] },
      [uuid(2)]: { ok: false, message: 'The server could not be reached.', steps: [] },
    });

    await accounts.update({ id: uuid(1), name: 'Renamed' });
    expect(accounts.accounts.map((a) => a.name)).toEqual(['Renamed', 'Account 2']);
    expect(Object.keys(accounts.checks)).toEqual([uuid(2)]);
  });

  it('says why the list could not be read', async () => {
    installFakeApi({ accounts: { list: () => refused({ code: 'storage', message: 'settings.json could not be read.' }) } });
    testingPinia();
    const accounts = useAccountsStore();
    await accounts.load();
    expect([accounts.error, accounts.loading, accounts.accounts]).toEqual(['settings.json could not be read.', false, []]);
  });
});
