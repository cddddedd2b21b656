import fs from 'node:fs';
import path from 'node:path';
import type { AccountRecord } from '@shared/accounts/account';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import { checkConnection } from '@core/accounts/connection-check';
import { regionOfAccount } from '@core/accounts/probe-client';
import { nodeHttpFetch } from '@core/http/node-http-fetch';
import { hostOf } from '@core/logging/diagnostics-report';
import { StatusPageClient } from '@core/statuspal-client/client';
import type { KeyVault } from '@core/vault/key-vault';
import { releaseAccountKey } from '@core/accounts/account-key';
import type { DoctorCheck } from './doctor-check';
import { countWords } from '@shared/people-words/count-words';
import type { VaultStatus } from '@shared/vault/vault-status';

/*
 * The doctor's checks beyond the disk: the keychain, each account's server and key (one read with the key,
 * as Test connection does; nothing is written), the computer's clock against each server's Date header,
 * and Electron's binary.
 */

/** More than this between the computer's clock and a server's, and writes whose answer was lost are looked up in the wrong window. */
const CLOCK_SKEW_MS = 60_000;

export function checkKeychain(status: VaultStatus): DoctorCheck {
  if (status.keychainAvailable) return { name: 'keychain', ok: true, detail: `${status.backend}: available and unlocked (a read answered)` };
  return {
    name: 'keychain',
    ok: false,
    detail: `${status.backend}: unavailable (${status.reason ?? 'unknown reason'})`,
    fix:
      process.platform === 'linux'
        ? 'start and unlock your keyring (GNOME Keyring, KWallet) and make sure DBUS_SESSION_BUS_ADDRESS is set; until then keys cannot be read'
        : "unlock the system's keychain; until then keys cannot be read",
  };
}

interface AccountReport {
  account: DoctorCheck;
  /** The server's clock against ours, when it answered with a Date header. */
  clock: { baseUrl: string; offsetMs: number } | null;
}

/** Reachable, and the key accepted (a key-protected read of the account's page); the server's clock on the way. */
export async function checkAccount(account: AccountRecord, vault: KeyVault): Promise<AccountReport> {
  const baseUrl = resolveBaseUrl(regionOfAccount(account));
  const name = `account ${account.name}`;
  const where = `${hostOf(baseUrl)}, page ${account.subdomain}`;
  let key: string | null;
  try {
    // The vault releases the key only for the address it was entered for.
    key = await releaseAccountKey(vault, account, baseUrl);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      account: {
        name,
        ok: false,
        detail: `${where}: the key is not given to this server: ${why}`,
        fix: `statusdesk accounts add ${account.name} again with its key`,
      },
      clock: null,
    };
  }
  const client = new StatusPageClient({
    region: regionOfAccount(account),
    ...(key ? { apiKey: key } : {}),
    accountId: account.id,
    fetch: nodeHttpFetch,
    timeoutMs: 10_000,
    retry: { retries: 0 },
  });
  const result = await checkConnection(
    {
      hello: () => client.hello(),
      getPageStatus: (subdomain) => client.getPageStatus({ subdomain }),
      listServices: (subdomain) => client.listServices({ subdomain }),
      listStatusPages: (organizationId) => client.listStatusPages({ organizationId }),
    },
    { subdomain: account.subdomain, organizationId: account.organizationId, hasKey: key !== null },
  );
  const offsetMs = client.serverClock.offsetMs;
  const clock = offsetMs === null ? null : { baseUrl, offsetMs };
  if (result.ok && key === null)
    return {
      account: { name, ok: false, detail: `${where}: reachable, but no key is stored`, fix: `statusdesk accounts add ${account.name} with its key` },
      clock,
    };
  if (result.ok) return { account: { name, ok: true, detail: `${where}: reachable, key accepted` }, clock };
  const fix =
    result.failure === 'unreachable'
      ? "check the network, or the account's server (statusdesk accounts list)"
      : result.failure === 'wrong_key' || result.failure === 'forbidden'
        ? `enter the key again: statusdesk accounts add ${account.name} --subdomain ${account.subdomain}`
        : 'statusdesk accounts test, or Test connection in Settings, says more';
  return { account: { name, ok: false, detail: `${where}: ${result.message}`, fix }, clock };
}

/** Each server's clock against the computer's. */
export function checkClocks(clocks: ReadonlyArray<{ baseUrl: string; offsetMs: number }>, accounts: number): DoctorCheck {
  if (clocks.length === 0)
    return { name: 'clock', ok: true, detail: accounts === 0 ? 'no account: no server to compare with' : 'no server answered with its time' };
  const seconds = (ms: number) => `${Math.round(Math.abs(ms) / 1000)} s`;
  const off = clocks.filter((clock) => Math.abs(clock.offsetMs) > CLOCK_SKEW_MS);
  if (off.length === 0) {
    const worst = Math.max(...clocks.map((clock) => Math.abs(clock.offsetMs)));
    return { name: 'clock', ok: true, detail: `within ${seconds(worst)} of ${[...new Set(clocks.map((c) => hostOf(c.baseUrl)))].join(', ')}` };
  }
  const first = off[0]!;
  // offsetMs is the server's time minus ours: positive, our clock is behind.
  const way = first.offsetMs > 0 ? 'behind' : 'ahead of';
  return {
    name: 'clock',
    ok: false,
    detail: `this computer's clock is ${seconds(first.offsetMs)} ${way} ${hostOf(first.baseUrl)}${off.length > 1 ? ` (and ${countWords(off.length - 1, 'more server')})` : ''}`,
    fix: "set the clock automatically (NTP) in the system's date and time settings",
  };
}

/**
 * Electron's binary, found as the electron package finds it (path.txt under its dist folder, or
 * ELECTRON_OVERRIDE_DIST_PATH), without asking the package: requiring it downloads the binary when missing.
 */
export function checkElectronBinary(env: NodeJS.ProcessEnv, packageDir: string | null): DoctorCheck {
  const name = 'Electron';
  const fix = 'npm install (its last step fetches the binary), or node node_modules/electron/install.js; the command line works without it';
  if (packageDir === null) return { name, ok: false, detail: 'the electron package is not installed: the desktop app cannot start', fix };
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : null;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, executable ?? 'electron') : executable ? path.join(packageDir, 'dist', executable) : null;
  if (binary === null || !fs.existsSync(binary))
    return { name, ok: false, detail: `the binary is not there${binary ? ` (${binary})` : ''}: the desktop app cannot start`, fix };
  return { name, ok: true, detail: binary };
}

/** The electron package beside this installation of statusdesk (its node_modules), or null. */
export function electronPackageDir(from: string): string | null {
  let dir = path.resolve(from);
  for (;;) {
    const candidate = path.join(dir, 'node_modules', 'electron');
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
