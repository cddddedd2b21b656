import path from 'node:path';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import type { AlertSettings } from '@shared/alerts/alert-settings';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { countWords } from '@shared/people-words/count-words';
import { isKnownTimeZone } from '@core/alerts/routing/quiet-hours';
import { acquireOutboxLock, OutboxBusyError } from '@core/outbox/outbox-lock';
import { OUTBOX_FILE_NAME } from '@core/outbox/outbox-store';
import { inspectSettingsFile } from '@core/settings/settings-file';

/*
 * What `statusdesk serve` checks before it polls anything: a watcher that runs unattended must not start on
 * a configuration that cannot work and then be silent about it. Every problem is said at once, each with
 * what to do, and the command exits EXIT_BROKEN_CONFIG, which the systemd unit does not restart on.
 */

/** EX_CONFIG (sysexits.h): the configuration is wrong; starting again would not mend it. */
export const EXIT_BROKEN_CONFIG = 78;

interface ServeConfigReport {
  /** Each stops the start. */
  problems: string[];
  /** Said, then the watcher runs. */
  warnings: string[];
}

/** The settings file as a start would find it: a missing, unreadable or partly invalid file is a problem, never salvaged here. */
export function settingsFileProblems(dataDir: string): ServeConfigReport {
  const file = inspectSettingsFile(dataDir);
  const where = `${dataDir}/settings.json`;
  if (!file.exists) {
    return {
      problems: [
        `there is no settings file at ${where}: serve watches the pages and sends the alerts set up there (copy the app's settings.json to it, or set STATUSDESK_HOME to the data folder that holds it)`,
      ],
      warnings: [],
    };
  }
  if (file.problem)
    return { problems: [`the settings file ${where} cannot be used (${file.problem}); it was left as it is: mend it or copy the app's again`], warnings: [] };
  const warnings =
    file.newerVersion === null
      ? []
      : [`the settings file was written by a newer Statusdesk (settings version ${file.newerVersion}): this one reads what it understands`];
  return { problems: [], warnings };
}

/**
 * The app sends the alerts of its data folder itself, from the same delivery queue: a watcher beside it on that
 * folder would share the queue file with it. The outbox lock says whether the app runs (it holds it while it does).
 */
export function appRunsProblem(dataDir: string): string | null {
  try {
    acquireOutboxLock(path.join(dataDir, OUTBOX_FILE_NAME.replace(/\.jsonl$/, '.lock')), 'cli')();
    return null;
  } catch (error) {
    if (error instanceof OutboxBusyError && error.holderRole === 'app') {
      return `the Statusdesk app (pid ${error.holderPid}) runs on this data folder and sends its alerts itself: give serve a data folder of its own (STATUSDESK_HOME) with a copy of the settings.json`;
    }
    // A command holding it for a moment, or a folder that cannot take the lock: not the watcher's concern.
    return null;
  }
}

interface WatchConfig {
  pages: readonly WatchedPage[];
  alerts: AlertSettings;
  /** Why a destination's secret cannot be had (missing, unreadable, bound elsewhere); null when it is in place. */
  secretProblem: (destination: AlertDestination) => Promise<string | null>;
  /** Where secrets are read from, for the messages ("the keychain", "the credentials directory /run/secrets"). */
  secretsFrom: string;
}

/** The pages, destinations, zones, rules and secrets the watcher needs. */
export async function watchConfigProblems(config: WatchConfig): Promise<ServeConfigReport> {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (config.pages.length === 0)
    problems.push('no pages are watched: add them in the app or with statusdesk accounts add (its page is watched), then start serve again');
  const enabled = config.alerts.destinations.filter((d) => d.enabled);
  if (enabled.length === 0) {
    problems.push(
      config.alerts.destinations.length === 0
        ? 'no alert destinations are set up, so nothing would be sent: add one with statusdesk alerts add'
        : 'every alert destination is switched off, so nothing would be sent',
    );
  }
  for (const destination of enabled) {
    if (!isKnownTimeZone(destination.timeZone)) {
      problems.push(`"${destination.name}" has the time zone "${destination.timeZone}", which is not an IANA zone (e.g. Europe/Berlin, America/New_York)`);
    }
    const secret = await config.secretProblem(destination);
    if (secret) problems.push(`"${destination.name}" (${destination.id}) cannot send: ${secret} (read from ${config.secretsFrom})`);
    const rules = config.alerts.rules.filter((rule) => rule.destinationId === destination.id && rule.enabled);
    if (rules.length === 0)
      warnings.push(`"${destination.name}" has no rule switched on, so it receives nothing (statusdesk alerts rule "${destination.name}")`);
  }
  return { problems, warnings };
}

/** The broken configuration in one message: the first line says how many problems, each follows on its own line. */
export function brokenConfigText(problems: readonly string[]): string {
  return [`the configuration is broken (${countWords(problems.length, 'problem')}); nothing was polled:`, ...problems.map((p) => `  - ${p}`)].join('\n');
}
