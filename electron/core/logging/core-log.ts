import type { MonitorEvent } from '@shared/monitor/events';
import type { OutboxChange } from '@shared/outbox/status';
import type { UpdateStatus } from '@shared/updates/update-state';
import type { AppLogger, LogLevel } from './app-logger';
import { LogRateLimit } from './log-rate-limit';
import { OutboxTransitions } from './outbox-transitions';
import { RecentErrors } from './recent-errors';
import { changedSettingNames } from './settings-changes';
import type { VaultStatus } from '@shared/vault/vault-status';
import type { RendererErrorReport } from '@shared/diagnostics/renderer-error-report';

interface CoreLogOptions {
  logger: AppLogger;
  /** The one redactor, for what is kept in memory for diagnostics (the file's lines pass it anyway). */
  redact?: (text: string) => string;
  now?: () => number;
}

const MINUTE = 60_000;

/**
 * What the core writes to its log, in one place: start and versions, settings changes (names, never values),
 * each page's failures and recoveries, each outbox write's transitions, the keychain, the updater's
 * decisions, IPC refusals and the window's errors. Lines that can repeat without end are rate-limited per
 * page, per channel and for the window. Warnings and errors are also kept, in people's words, for
 * *Copy diagnostics*.
 */
export class CoreLog {
  readonly logger: AppLogger;
  readonly recent: RecentErrors;
  readonly #redact: (text: string) => string;
  readonly #outbox = new OutboxTransitions();
  readonly #pages: LogRateLimit;
  readonly #refusals: LogRateLimit;
  readonly #renderer: LogRateLimit;
  #updates = '';
  #keychain = '';

  constructor(options: CoreLogOptions) {
    const now = options.now ?? Date.now;
    this.logger = options.logger;
    this.#redact = options.redact ?? ((text) => text);
    this.recent = new RecentErrors({ now: () => new Date(now()) });
    this.#pages = new LogRateLimit({ limit: 4, windowMs: 60 * MINUTE, now });
    this.#refusals = new LogRateLimit({ limit: 5, windowMs: MINUTE, now });
    this.#renderer = new LogRateLimit({ limit: 20, windowMs: MINUTE, now });
  }

  /** Keys the rate limits hold now: the pages and channels that logged in the last hour or two, no more. */
  heldKeys(): number {
    return this.#pages.size + this.#refusals.size + this.#renderer.size;
  }

  line(level: LogLevel, text: string, peopleWords?: string): void {
    this.logger[level](text);
    if (level === 'error' || level === 'warn') this.recent.add(this.#redact(peopleWords ?? text));
  }

  /** The log's first line: what runs, where. */
  started(what: string, versions: Record<string, string | undefined>): void {
    const list = Object.entries(versions)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([name, value]) => `${name} ${value}`)
      .join(', ');
    this.line('info', `${what} started: ${list}`);
  }

  settingsChanged(before: object, after: object): void {
    const names = changedSettingNames(before as Record<string, unknown>, after as Record<string, unknown>);
    if (names.length > 0) this.line('info', `settings changed: ${names.join(', ')}`);
  }

  /** A page that stopped answering, or answers again; at most a few lines per page an hour. */
  monitorEvent(event: MonitorEvent): void {
    if (event.type !== 'page.stale' && event.type !== 'page.recovered') return;
    const page = `page ${event.page.name} (${event.page.subdomain})`;
    if (event.type === 'page.stale') {
      const why = event.error ? `${event.error.code}: ${event.error.message}` : `no answer since ${event.lastSuccessAt ?? 'it was added'}`;
      const text = this.#pages.pass(event.page.id, `monitor: ${page} is stale after ${event.failures} failed poll(s): ${why}`);
      if (text) this.line('warn', text, `${page} could not be checked: ${event.error?.message ?? 'no answer'}`);
      return;
    }
    const text = this.#pages.pass(event.page.id, `monitor: ${page} answers again (stale since ${event.staleSince}), level ${event.level}`);
    if (text) this.line('info', text);
  }

  outboxChange(change: OutboxChange): void {
    const line = this.#outbox.lineFor(change);
    if (line) this.line(line.level, line.text);
  }

  /** The keychain's availability, when it is first known and whenever it changes. */
  keychain(status: VaultStatus): void {
    const now = `${status.keychainAvailable}|${status.backend}|${status.reason ?? ''}`;
    if (now === this.#keychain) return;
    this.#keychain = now;
    if (status.keychainAvailable) this.line('info', `keychain: available (${status.backend})`);
    else
      this.line(
        'warn',
        `keychain: unavailable (${status.backend}): ${status.reason ?? 'unknown reason'}`,
        `No OS keychain: ${status.reason ?? 'unknown reason'}`,
      );
  }

  /** What the updater decided, each time it decides something else (a download's progress is not a decision). */
  updates(status: UpdateStatus): void {
    const state = status.state;
    const key = state.phase === 'downloading' ? `downloading|${state.version}` : `${state.phase}|${status.message}`;
    if (key === this.#updates) return;
    this.#updates = key;
    const level: LogLevel = state.phase === 'error' ? 'warn' : 'info';
    this.line(level, `updates: ${state.phase}${status.delivery ? ` (delivery ${status.delivery})` : ''}: ${status.message}`);
  }

  ipcRefused(channel: string, error: { code: string; message: string }): void {
    const text = this.#refusals.pass(`${error.code}|${channel}`, `ipc ${channel.slice(0, 80)}: refused (${error.code}): ${error.message}`);
    if (text) this.line('warn', text);
  }

  /**
   * A request of the window that failed (a read the server refused, a network failure): the window showed it, so
   * the diagnostics' last errors show it too. Rate-limited per channel and code, as refusals are; what the user
   * typed wrong (invalid input) is the form's to say, not the log's.
   */
  ipcFailed(channel: string, error: { code: string; message: string }): void {
    if (error.code === 'invalid_input') return;
    const text = this.#refusals.pass(`failed|${error.code}|${channel}`, `ipc ${channel.slice(0, 80)}: failed (${error.code}): ${error.message}`);
    if (text) this.line('warn', text, error.message);
  }

  /** An error in the window (Vue's errorHandler, an unhandled rejection); at most 20 a minute. */
  rendererError(report: RendererErrorReport): boolean {
    const where = report.where ? ` in ${report.where}` : '';
    const stack = report.stack ? ` | ${report.stack.replace(/\s*\n\s*/g, ' | ')}` : '';
    const text = this.#renderer.pass('renderer', `window: ${report.kind}${where}: ${report.message}${stack}`);
    if (!text) return false;
    this.line('error', text, `Error in the window${where}: ${report.message}`);
    return true;
  }
}
