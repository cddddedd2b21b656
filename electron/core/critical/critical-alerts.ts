import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import { criticalPrefsSchema, DEFAULT_CRITICAL_PREFS, isCritical, type CriticalAlert, type CriticalPrefs } from '@shared/critical/critical-alert';
import type { NotificationIntent } from '@shared/monitor/notification-intent';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

const CRITICAL_PREFS_FILE_NAME = 'critical-alerts.json';
/** Unacknowledged alerts kept at most (the oldest go first): one per page and incident in practice. */
const MAX_ALERTS = 50;

interface CriticalAlertsOptions {
  dataDir: string;
  /** Where the alerts waiting for acknowledgement are told as they change (the window hears them). */
  events: Publisher<Pick<AppEvents, 'critical.onChange'>>;
  now?: () => Date;
  log?: (message: string) => void;
}

/**
 * Critical mode: marks a notification of a major incident on our own page as critical (so the notifier keeps it
 * on screen and sounds it) and keeps it as an alert until someone acknowledges it, in the window or by clicking
 * it. The prefs (on, sound) are kept in their own file; the alerts live as long as the app runs.
 */
export class CriticalAlerts {
  readonly #file: string;
  readonly #options: CriticalAlertsOptions;
  #prefs: CriticalPrefs;
  #alerts: CriticalAlert[] = [];

  constructor(options: CriticalAlertsOptions) {
    this.#options = options;
    this.#file = path.join(options.dataDir, CRITICAL_PREFS_FILE_NAME);
    this.#prefs = this.#read();
  }

  prefs(): CriticalPrefs {
    return { ...this.#prefs };
  }

  async setPrefs(change: Partial<CriticalPrefs>): Promise<CriticalPrefs> {
    const parsed = criticalPrefsSchema.safeParse({ ...this.#prefs, ...change });
    if (!parsed.success) throw new AppError('invalid_input', 'Critical alerts take on or off, and sound on or off.');
    await writeFileAtomic(this.#file, `${JSON.stringify(parsed.data, null, 2)}\n`);
    this.#prefs = parsed.data;
    return this.prefs();
  }

  alerts(): CriticalAlert[] {
    return [...this.#alerts];
  }

  /** The intent as the notifier should show it: critical (and kept as an alert) when it is one. */
  mark(intent: NotificationIntent, ownPage: boolean): NotificationIntent {
    if (intent.ends && ownPage) this.#resolve(intent);
    if (!isCritical(intent, ownPage, this.#prefs)) return intent;
    const same = (alert: CriticalAlert) => alert.pageId === intent.pageId && alert.target.incidentId === intent.target.incidentId;
    const alert: CriticalAlert = {
      id: randomUUID(),
      pageId: intent.pageId,
      title: intent.title,
      body: intent.body,
      at: (this.#options.now?.() ?? new Date()).toISOString(),
      target: intent.target,
    };
    // A newer notification of the same incident replaces its alert: one banner per incident, the latest words.
    this.#alerts = [...this.#alerts.filter((a) => !same(a)), alert].slice(-MAX_ALERTS);
    this.#options.events.publish('critical.onChange', this.alerts());
    return { ...intent, critical: { sound: this.#prefs.sound } };
  }

  /**
   * What was critical is over: its alert (the incident's, or every one of the page when the page is back up) says
   * so now, in the resolution's words, and stays until acknowledged, so a person who slept through it still sees
   * that it happened and that it ended.
   */
  #resolve(intent: NotificationIntent): void {
    const incidentId = intent.target.incidentId;
    const at = (this.#options.now?.() ?? new Date()).toISOString();
    let changed = false;
    this.#alerts = this.#alerts.map((alert) => {
      if (alert.pageId !== intent.pageId || alert.resolvedAt !== undefined) return alert;
      if (incidentId !== undefined && alert.target.incidentId !== incidentId) return alert;
      changed = true;
      return { ...alert, title: intent.title, body: intent.body, resolvedAt: at };
    });
    if (changed) this.#options.events.publish('critical.onChange', this.alerts());
  }

  /** Acknowledges one alert by id, or every alert of a page (a click on its notification opened it). */
  acknowledge(which: { id: string } | { pageId: string }): CriticalAlert[] {
    const before = this.#alerts.length;
    this.#alerts = this.#alerts.filter((alert) => ('id' in which ? alert.id !== which.id : alert.pageId !== which.pageId));
    if (this.#alerts.length !== before) this.#options.events.publish('critical.onChange', this.alerts());
    return this.alerts();
  }

  #read(): CriticalPrefs {
    try {
      const text = readTextIfPresentSync(this.#file);
      if (text === null) return DEFAULT_CRITICAL_PREFS;
      const parsed = criticalPrefsSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch (error) {
      this.#options.log?.(`critical alerts: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Unreadable: the default, which is on, so a major outage is never quieted by a damaged file.
    return DEFAULT_CRITICAL_PREFS;
  }
}

export function criticalAlertHandlers(feature: CriticalAlerts) {
  return {
    'critical.alerts': () => feature.alerts(),
    'critical.acknowledge': ({ id }: { id: string }) => feature.acknowledge({ id }),
    'critical.prefs': () => feature.prefs(),
    'critical.setPrefs': (change: Partial<CriticalPrefs>) => feature.setPrefs(change),
  };
}
