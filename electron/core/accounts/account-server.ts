import { resolveBaseUrl } from '@shared/statuspal/regions';
import type { SettingsStore } from '@core/settings/settings-store';
import { regionOfAccount } from './probe-client';

/** Where an account's API is now (its region's server, or its custom base URL); null for an account no longer kept. */
export function serverOfAccount(settings: SettingsStore, accountId: string): string | null {
  const account = settings.get().accounts.find((a) => a.id === accountId);
  return account ? resolveBaseUrl(regionOfAccount(account)) : null;
}
