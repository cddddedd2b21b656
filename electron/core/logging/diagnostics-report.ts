import type { RecentError } from './recent-errors';
import type { VaultStatus } from '@shared/vault/vault-status';

/** What *Copy diagnostics* says: no secret, no address beyond its host, nothing the user typed but names. */
interface DiagnosticsInput {
  app: { name: string; version: string; packaged: boolean; demo: boolean };
  /** Electron, Chromium, Node, V8, as the process reports them. */
  versions: Record<string, string | undefined>;
  os: { platform: string; release: string; arch: string; locale?: string };
  dataDir: string;
  logsDir: string;
  keychain: VaultStatus;
  pages: { own: number; providers: number; stale: number | null };
  accounts: { count: number; hosts: string[] };
  /** Counts per state; null when the outbox is not open (another process holds it, or it failed to open). */
  outbox: Record<string, number> | null;
  recentErrors: RecentError[];
  at: Date;
}

/** Any http(s) address in a sentence reduced to its host: a path or query may name a page, a key or a token. */
export function hostsOnly(text: string): string {
  // A sentence's own punctuation after an address is not part of it.
  return text.replace(/\bhttps?:\/\/[^\s"'<>)]+?(?=[.,;:!?]*(?:[\s"'<>)]|$))/gi, (url) => hostOf(url));
}

/** The host of an address, or the address itself cut to nothing when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '[address]';
  }
}

/** The text pasted into a support request, one fact per line. */
export function diagnosticsText(input: DiagnosticsInput): string {
  const versions = Object.entries(input.versions)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  const outbox = input.outbox
    ? Object.entries(input.outbox)
        .map(([state, count]) => `${state} ${count}`)
        .join(', ')
    : 'not open';
  const build = [input.app.packaged ? 'installed' : 'development', ...(input.app.demo ? ['demo'] : [])].join(', ');
  const keychain = input.keychain.keychainAvailable
    ? `available (${input.keychain.backend})`
    : `unavailable (${input.keychain.backend}): ${input.keychain.reason ?? 'unknown reason'}`;
  const lines = [
    `${input.app.name} ${input.app.version} (${build})`,
    `Collected: ${input.at.toISOString()}`,
    `Versions: ${versions || 'unknown'}`,
    `System: ${input.os.platform} ${input.os.release} ${input.os.arch}${input.os.locale ? `, locale ${input.os.locale}` : ''}`,
    `Data folder: ${input.dataDir}`,
    `Logs: ${input.logsDir}`,
    `Keychain: ${keychain}`,
    `Pages: ${input.pages.own} own, ${input.pages.providers} providers${input.pages.stale === null ? '' : `, ${input.pages.stale} stale`}`,
    `Accounts: ${input.accounts.count}${input.accounts.hosts.length > 0 ? ` (servers: ${[...new Set(input.accounts.hosts)].join(', ')})` : ''}`,
    `Outbox: ${outbox}`,
    'Last errors:',
    ...(input.recentErrors.length === 0 ? ['  none'] : input.recentErrors.map((error) => `  ${error.at} ${hostsOnly(error.text)}`)),
  ];
  return `${lines.join('\n')}\n`;
}
