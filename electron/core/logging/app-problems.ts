import { randomUUID } from 'node:crypto';
import type { SettingsStore } from '@core/settings/settings-store';
import type { AppProblem } from '@shared/diagnostics/app-problem';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

/** Problems kept for the window until dismissed. */
const MAX_PROBLEMS_KEPT = 50;

interface AppProblemsOptions {
  now: () => Date;
  /** Where each problem reported while the app runs is told: the log, and the window's banner. */
  events: Publisher<Pick<AppEvents, 'app.onProblem'>>;
}

/**
 * What the user should know and has not dismissed: a file moved aside, no keychain, settings from a newer
 * version. A month in the tray with a flaky disk is not a thousand banners: the newest ones are kept.
 */
export class AppProblems {
  readonly #options: AppProblemsOptions;
  readonly #problems: AppProblem[] = [];

  constructor(options: AppProblemsOptions) {
    this.#options = options;
  }

  /** The settings file's own problems, found as it was opened (before the window can be told: it reads them at start). */
  keepSettingsProblems(settings: SettingsStore): void {
    if (settings.problem) this.#keep('settings_corrupt', `${settings.problem.message} The old file is at ${settings.problem.movedTo}.`);
    if (settings.newerVersion !== null) {
      this.#keep(
        'settings_newer',
        `The settings were written by a newer version of Statusdesk (settings version ${settings.newerVersion}). This version shows what it can read and changes nothing; update Statusdesk to change settings.`,
      );
    }
  }

  report(kind: AppProblem['kind'], message: string): void {
    this.#options.events.publish('app.onProblem', this.#keep(kind, message));
  }

  list(): AppProblem[] {
    return [...this.#problems];
  }

  dismiss(id: string): boolean {
    const index = this.#problems.findIndex((p) => p.id === id);
    if (index >= 0) this.#problems.splice(index, 1);
    return index >= 0;
  }

  get size(): number {
    return this.#problems.length;
  }

  #keep(kind: AppProblem['kind'], message: string): AppProblem {
    const problem: AppProblem = { id: randomUUID(), kind, message, at: this.#options.now().toISOString() };
    this.#problems.push(problem);
    if (this.#problems.length > MAX_PROBLEMS_KEPT) this.#problems.splice(0, this.#problems.length - MAX_PROBLEMS_KEPT);
    return problem;
  }
}
