import type { AccountRecord } from '@shared/accounts/account';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { bindingFor } from '@core/vault/secret-binding';
import { regionOfAccount } from './probe-client';

/**
 * An account's key for a request to `url`, from the vault: released only for the server it was entered for. A
 * key stored before keys were bound is bound to the account's server as stored now, never to `url`: the app,
 * the command line and the window all go through here, so no request can choose where an old key may go.
 */
export function releaseAccountKey(
  vault: Pick<KeyVault, 'release'>,
  account: Pick<AccountRecord, 'id' | 'region' | 'baseUrl'>,
  url: string,
): Promise<string | null> {
  return vault.release(secretNames.statusPageKey(account.id), { url }, { unbound: bindingFor([resolveBaseUrl(regionOfAccount(account))]) });
}
