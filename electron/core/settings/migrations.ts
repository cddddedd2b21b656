import { CURRENT_SETTINGS_VERSION } from './settings-schema';

type Json = Record<string, unknown>;

/**
 * Our own migrations: migrations[n] turns a version-n file into version n+1. A file without a version is a
 * pre-release file (version 0), which kept accounts under `statusPageAccounts`.
 */
const migrations: Record<number, (data: Json) => Json> = {
  0: (data) => {
    const { statusPageAccounts, ...rest } = data;
    return { ...rest, accounts: Array.isArray(data.accounts) ? data.accounts : (statusPageAccounts ?? []), schemaVersion: 1 };
  },
  // A provider's page was kind "statuspage", the name of one of its formats: now "provider", whatever its format.
  1: (data) => ({
    ...data,
    watchedPages: Array.isArray(data.watchedPages)
      ? data.watchedPages.map((page: unknown) =>
          page !== null && typeof page === 'object' && (page as Json).kind === 'statuspage' ? { ...(page as Json), kind: 'provider' } : page,
        )
      : data.watchedPages,
    schemaVersion: 2,
  }),
};

class SettingsVersionError extends Error {}

export function migrateSettings(data: Json): Json {
  let current = data;
  let version = typeof current.schemaVersion === 'number' ? current.schemaVersion : 0;
  if (!Number.isInteger(version) || version < 0) throw new SettingsVersionError(`unknown settings version ${String(version)}`);
  if (version > CURRENT_SETTINGS_VERSION) {
    throw new SettingsVersionError(`settings version ${version} is newer than this Statusdesk understands (${CURRENT_SETTINGS_VERSION})`);
  }
  while (version < CURRENT_SETTINGS_VERSION) {
    const step = migrations[version];
    if (!step) throw new SettingsVersionError(`no migration from settings version ${version}`);
    current = step(current);
    version += 1;
  }
  return current;
}
