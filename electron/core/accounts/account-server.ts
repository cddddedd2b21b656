import { resolveBaseUrl } from '@shared/statuspal/regions';
import type { SettingsStore } from '@core/settings/settings-store';
import { regionOfAccount } from './probe-client';

/**
 * Where an account's API is now (its region's server, or its custom base URL); null for an account no longer kept.
 * Every poll of an account's page asks: the account alone is read, not a copy of all settings and their pages.
 */
export function serverOfAccount(settings: SettingsStore, accountId: string): string | null {
  const account = settings.read((s) => s.accounts.find((a) => a.id === accountId));
  return account ? resolveBaseUrl(regionOfAccount(account)) : null;
}
