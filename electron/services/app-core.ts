import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import type { AppProblem } from '@shared/ipc/channels/app';
import { ipcContract, type IpcContract } from '@shared/ipc/contract';
import { AccountsService, type ProbeClientFactory } from './accounts/accounts-service';
import { accountHandlers } from './accounts/account-handlers';
import { AccountReads } from './accounts/account-reads';
import { OutboxFeature } from './outbox/outbox-feature';
import { outboxHandlers, statusPageHandlers } from './outbox/outbox-handlers';
import type { NotificationIntent } from '@shared/monitor/notification-intent';
import type { TrayModel } from '@shared/monitor/tray';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxStatus } from '@shared/outbox/status';
import { trayWithOutbox } from './desktop/tray-with-outbox';
import type { SystemSignals } from './monitor/system-signals';
import { MonitorFeature, type MonitorFeatureOptions } from './watch/monitor-feature';
import { DesktopPrefsFeature } from './desktop/desktop-prefs-feature';
import { desktopHandlers, monitorHandlers, notificationHandlers } from './watch/monitor-handlers';
import { EventBus } from './ipc/event-bus';
import { createIpcDispatcher, type InvokeHandlers, type IpcDispatcher } from './ipc/dispatcher';
import { SettingsStore } from './settings/settings-store';
import type { KeyVault } from './vault/key-vault';
import { createStatusPageProbeClient, regionOfAccount } from './accounts/probe-client';
import { resolveBaseUrl } from '@shared/statuspage/regions';
import { baseUrlOfPage } from './monitor/summary-fetcher';
import { OwnWrites } from './watch/own-writes';
import { pagesWrittenTo } from './watch/written-pages';
import { keyFromVault } from './translation/key-source';
import { TranslationAppService } from './translation/translation-app-service';
import { translationHandlers } from './translation/translation-handlers';
import { OperationsFeature } from './operations/operations-feature';
import { operationsHandlers } from './operations/operations-handlers';
import { createOperationsOutboxKind } from './operations/operations-outbox-kind';
import { UpdatesFeature, type UpdaterPort } from './updates/updates-feature';
import { updatesHandlers } from './updates/updates-handlers';
import { IncidentPageStore } from './incidents/incident-page-store';
import { incidentPageHandlers } from './incidents/incident-page-handlers';
import { LinkedIncidents } from './incidents/linked-incidents';
import { linkedIncidentsHandlers } from './incidents/linked-incidents-handlers';
import { importsHandlers } from './imports/imports-handlers';
import { GlobalShortcutFeature, globalShortcutHandlers, type GlobalShortcutPort } from './shortcuts/global-shortcut-feature';
import { SnoozeFeature, snoozeHandlers } from './snooze/snooze-feature';
import { CriticalAlerts, criticalAlertHandlers } from './critical/critical-alerts';
import { trayPagesWithSnoozes } from '@shared/snooze/snooze-tray';
import { CoreLog } from './logging/core-log';
import { functionLogger, silentLogger } from './logging/app-logger';
import { redactLogLine } from './logging/log-redaction';
import { KnownSecrets } from './security/known-secrets';
import { DiagnosticsFeature, diagnosticsHandlers } from './logging/diagnostics-feature';
import { HistoryFeature, historyHandlers } from './history/history-feature';
import { logSettingsChanges } from './logging/follow-settings';
import { createAlerts, type Alerts } from './alerts/alerts-feature';
import type { AlertsApi } from './alerts/alerts-api';
import { alertsHandlers } from './alerts/alerts-handlers';

/** Sent writes remembered as checked: a repeated "sent" comes within moments, never 100 writes later. */
const CHECKED_AFTER_KEPT = 100;
/** Problems kept for the window until dismissed. */
const MAX_PROBLEMS_KEPT = 50;

/**
 * What the core asks of its host: Electron's shell, notifications, tray and power events in the app; plain
 * recorders in the end-to-end harness. Each is optional so the core also runs headless.
 */
export interface AppPorts {
  /** Opens an https URL in the system browser (never an embedded window). */
  openExternal?: (url: string) => Promise<void>;
  /** Shows a native notification; a click comes back through `AppCore.openTarget`. */
  notify?: (intent: NotificationIntent) => void;
  /** Redraws the tray icon, tooltip and menu. */
  setTray?: (model: TrayModel) => void;
  /** Sleep, wake and network changes (Electron's powerMonitor and net). */
  signals?: SystemSignals;
  /** Start the app at login, or not. */
  setLoginItem?: (enabled: boolean) => void;
  /** electron-updater, in a packaged app that is not the demo. */
  updater?: UpdaterPort;
  /** Electron's globalShortcut: holds the keys that bring the window up with the palette. */
  globalShortcut?: GlobalShortcutPort;
  /** Puts text on the clipboard (Copy diagnostics); Electron's clipboard answers a promise. */
  copyText?: (text: string) => Promise<void> | void;
  /** Opens a folder in the file manager: '' when it did, else why not (Open logs folder). */
  openPath?: (folder: string) => Promise<string>;
  /** Starts the demo as a second app beside this one, in a throw-away data folder (main/demo-launcher.ts). */
  openDemo?: () => Promise<void>;
}

export interface AppCoreOptions {
  ports?: AppPorts;
  dataDir: string;
  vault: KeyVault;
  version: string;
  appOrigins: readonly string[];
  /** Overridable for tests; the default builds the real status page client. */
  clientFor?: ProbeClientFactory;
  now?: () => Date;
  log?: (message: string) => void;
  /** The app's log (main.log); without it, lines go to `log`, else nowhere. */
  coreLog?: CoreLog;
  /** Scheduler tuning for tests and demo mode (for example short intervals without jitter). */
  monitorTuning?: MonitorFeatureOptions['tuning'];
  /** The computer's zone for tray and notification times; default the process's own (the end-to-end harness names the window's). */
  timeZone?: string;
  /** A packaged app (not a development run), and whether it runs the demo: updates only when packaged and not the demo. */
  build?: { packaged: boolean; demo: boolean };
  /** What the redactor knows; the main process shares it with its log file. Default: one of the core's own. */
  secrets?: KnownSecrets;
}

/**
 * Everything the app does, without Electron: the services, the IPC handlers over them, and the event bus.
 * The Electron main process and the end-to-end harness both build exactly this.
 */
export class AppCore {
  readonly settings: SettingsStore;
  readonly vault: KeyVault;
  readonly accounts: AccountsService;
  readonly monitor: MonitorFeature;
  readonly desktop: DesktopPrefsFeature;
  readonly history: HistoryFeature;
  readonly outbox: OutboxFeature;
  readonly reads: AccountReads;
  readonly translation: TranslationAppService;
  readonly operations: OperationsFeature;
  readonly updates: UpdatesFeature;
  readonly incidentPages: IncidentPageStore;
  readonly linkedIncidents: LinkedIncidents;
  readonly globalShortcut: GlobalShortcutFeature;
  readonly snoozes: SnoozeFeature;
  readonly critical: CriticalAlerts;
  readonly log: CoreLog;
  readonly diagnostics: DiagnosticsFeature;
  /** The team alerts (Settings → Alerts, its IPC channels). */
  readonly alerts: AlertsApi;
  readonly #alerts: Alerts;
  /** Every secret the app holds: the IPC answers, pushed events, the log and the operations history redact through it. */
  readonly secrets: KnownSecrets;
  readonly events: EventBus<IpcContract>;
  readonly dispatcher: IpcDispatcher;
  readonly #problems: AppProblem[] = [];
  #tray: TrayModel | null = null;
  #outboxStatus: OutboxStatus | null = null;
  readonly #options: AppCoreOptions;
  readonly #ownWrites = new OwnWrites();
  /** Outbox entries whose page was checked once the server confirmed them. */
  readonly #checkedAfter = new Set<string>();

  constructor(given: AppCoreOptions) {
    const secrets = given.secrets ?? new KnownSecrets();
    this.secrets = secrets;
    given.vault.notice((secret) => secrets.add(secret));
    this.events = new EventBus<IpcContract>(ipcContract, { redact: (payload) => secrets.redactValue(payload) });
    const redactLine = (line: string) => redactLogLine(line, secrets);
    this.log = given.coreLog ?? new CoreLog({ logger: given.log ? functionLogger((line) => given.log!(redactLine(line))) : silentLogger, redact: redactLine });
    // Every feature's lines go to the one log.
    const options: AppCoreOptions = { ...given, log: (message) => this.log.line('info', message) };
    this.#options = options;
    const now = options.now ?? (() => new Date());
    this.vault = options.vault;
    this.settings = new SettingsStore(options.dataDir);
    if (this.settings.problem) {
      this.#problems.push({
        id: randomUUID(),
        kind: 'settings_corrupt',
        message: `${this.settings.problem.message} The old file is at ${this.settings.problem.movedTo}.`,
        at: now().toISOString(),
      });
      options.log?.(`settings: ${this.settings.problem.message} (moved to ${this.settings.problem.movedTo})`);
    }
    if (this.settings.newerVersion !== null) {
      this.#problems.push({
        id: randomUUID(),
        kind: 'settings_newer',
        message: `The settings were written by a newer version of Statusdesk (settings version ${this.settings.newerVersion}). This version shows what it can read and changes nothing; update Statusdesk to change settings.`,
        at: now().toISOString(),
      });
    }
    // What the features are handed alike: where a damaged file is reported, and the log when there is one.
    const fileCorrupt = (message: string): void => this.reportProblem('file_corrupt', message);
    const logging = options.log === undefined ? {} : { log: options.log };
    this.accounts = new AccountsService({
      settings: this.settings,
      vault: this.vault,
      clientFor: options.clientFor ?? createStatusPageProbeClient,
      now,
      onPagesChanged: () => {
        void this.monitor.reloadPages().catch((error: unknown) => options.log?.(`monitor: ${error instanceof Error ? error.message : String(error)}`));
      },
      // A replaced key sends again what the old one was refused for.
      onKeyChanged: (accountId) => {
        this.outbox.keyChanged(accountId).catch((error: unknown) => options.log?.(`outbox: ${error instanceof Error ? error.message : String(error)}`));
      },
    });
    // Before the monitor: its first poll asks whether a snooze quiets an event, and its tray is drawn with them.
    this.snoozes = new SnoozeFeature({
      dataDir: options.dataDir,
      ...(options.log ? { log: options.log } : {}),
      onChange: (snoozes) => {
        this.events.emit('snooze.onChange', snoozes);
        this.monitor.redrawTray();
      },
    });
    this.onDispose(() => this.snoozes.dispose());
    this.critical = new CriticalAlerts({
      dataDir: options.dataDir,
      onChange: (alerts) => this.events.emit('critical.onChange', alerts),
      ...(options.log ? { log: options.log } : {}),
    });
    // Before the monitor: each poll's events are routed to the team's destinations.
    this.#alerts = createAlerts({ dataDir: options.dataDir, settings: this.settings, vault: this.vault, reportProblem: fileCorrupt, ...logging });
    this.alerts = this.#alerts.api;
    this.onDispose(this.alerts.onChange(() => this.events.emit('alerts.onChange', {})));
    this.onDispose(() => this.#alerts.stop());
    this.history = new HistoryFeature({ dataDir: options.dataDir, pages: () => this.settings.get().watchedPages, reportProblem: fileCorrupt, ...logging });
    this.onDispose(() => this.history.dispose());
    this.monitor = new MonitorFeature({
      settings: this.settings,
      onState: (state) => this.history.observe(state),
      dataDir: options.dataDir,
      ...(options.ports?.signals ? { signals: options.ports.signals } : {}),
      ...(options.monitorTuning ? { tuning: options.monitorTuning } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      onPatch: (patch) => this.events.emit('monitor.onPatch', patch),
      hasViewers: () => this.events.connected,
      onEvent: (event) => {
        this.log.monitorEvent(event);
        this.events.emit('monitor.onEvent', event);
      },
      // A major incident on our own page is critical: kept on screen until acknowledged, with a sound.
      onPoll: (poll) => this.#alerts.route(poll),
      onNotify: (intent) => {
        const page = this.monitor.pages().find((p) => p.id === intent.pageId);
        options.ports?.notify?.(this.critical.mark(intent, page !== undefined && page.kind !== 'statuspage'));
      },
      onTray: (model) => {
        this.#tray = model;
        options.ports?.setTray?.(trayWithOutbox(model, this.#outboxStatus));
      },
      trayPages: (pages, nowMs) => trayPagesWithSnoozes(pages, this.snoozes.list(), nowMs),
      reportProblem: fileCorrupt,
      apiKeyFor: (accountId, url) => this.accounts.keyFor(accountId, url),
      accountBaseUrl: (accountId) => this.#baseUrlOfAccount(accountId),
      // Not notified: what a snooze quiets, and the echo of our own writes.
      isOwnWrite: (page, event, services) =>
        this.snoozes.silences(page.id, event, services) ||
        (page.kind !== 'statuspage' && this.#ownWrites.isOwn({ baseUrl: baseUrlOfPage(page), subdomain: page.subdomain }, event)),
      ...logging,
    });
    this.onDispose(() => this.monitor.dispose());
    this.desktop = new DesktopPrefsFeature({ settings: this.settings, onTimeZoneChanged: () => this.monitor.redrawTray() });
    this.reads = new AccountReads(this.accounts);
    this.outbox = new OutboxFeature({
      dataDir: options.dataDir,
      accounts: this.accounts,
      ...(options.ports?.signals ? { signals: options.ports.signals } : {}),
      onChange: (change) => {
        this.log.outboxChange(change);
        this.events.emit('outbox.onChange', change);
        if (change.type === 'entry' && change.entry.state === 'sent') {
          // A linked incident created offline is named by its temp id until now.
          if (change.entry.tempId !== undefined) this.#reconcileLinked([change.entry]);
          this.#ownWrites.noteSent(change.entry, this.#baseUrlOfAccount(change.entry.accountId));
          this.#checkWrittenPage(change.entry);
        }
        if (change.type === 'status') {
          this.#outboxStatus = change.status;
          if (this.#tray) options.ports?.setTray?.(trayWithOutbox(this.#tray, change.status));
        }
      },
      reportProblem: fileCorrupt,
      ...logging,
    });
    this.onDispose(() => this.outbox.dispose());
    this.translation = new TranslationAppService({
      dataDir: options.dataDir,
      settings: this.settings,
      vault: this.vault,
      getKey: keyFromVault(this.vault),
      onProblem: fileCorrupt,
      ...logging,
      now,
    });
    this.onDispose(() => this.translation.close());
    this.operations = new OperationsFeature({
      settings: this.settings,
      secrets,
      vault: this.vault,
      dataDir: options.dataDir,
      openExternal: () => this.#options.ports?.openExternal,
      reportProblem: fileCorrupt,
      onProgress: (progress) => this.events.emit('operations.onProgress', progress),
      outbox: () => this.outbox.service(),
      onQueuedResult: (event) => this.events.emit('operations.onQueuedResult', event),
      ...logging,
      now,
    });
    this.onDispose(() => this.operations.dispose());
    this.updates = new UpdatesFeature({
      settings: this.settings,
      version: options.version,
      build: options.build ?? { packaged: false, demo: false },
      port: options.ports?.updater,
      onStatus: (status) => {
        this.log.updates(status);
        this.events.emit('updates.onStatus', status);
      },
    });
    this.onDispose(() => this.updates.dispose());
    this.incidentPages = new IncidentPageStore({ dataDir: options.dataDir, onProblem: fileCorrupt, now });
    this.linkedIncidents = new LinkedIncidents({
      dataDir: options.dataDir,
      onProblem: fileCorrupt,
      onChange: (groups) => this.events.emit('linked.onChange', groups),
      // Not waited for while a command holds the outbox: the group is reconciled when the outbox opens.
      knownCreates: async () => (await this.outbox.ready()).list(),
      now,
    });
    this.globalShortcut = new GlobalShortcutFeature({
      dataDir: options.dataDir,
      port: options.ports?.globalShortcut,
      onPress: () => this.events.emit('shortcuts.onOpenPalette', {}),
      ...(options.log ? { log: options.log } : {}),
    });
    this.onDispose(() => this.globalShortcut.dispose());
    // Forgets queued while the operations service is unreachable go out through the outbox like every write.
    this.outbox.registerKind(createOperationsOutboxKind({ operations: this.operations }));
    this.onDispose(logSettingsChanges(this.settings, this.log));
    this.diagnostics = new DiagnosticsFeature({
      log: this.log,
      settings: this.settings,
      vault: this.vault,
      dataDir: options.dataDir,
      app: { name: 'Statusdesk', version: options.version, packaged: options.build?.packaged ?? false, demo: options.build?.demo ?? false },
      outboxStatus: () => this.#outboxStatus,
      openOutboxStatus: async () => (await this.outbox.ready()).status(),
      stalePages: async () => (await this.monitor.fullSnapshot()).pages.filter((page) => page.status !== 'ok').length,
      ...(options.ports?.copyText ? { copyText: options.ports.copyText } : {}),
      ...(options.ports?.openPath ? { openPath: options.ports.openPath } : {}),
      now,
    });
    this.dispatcher = createIpcDispatcher(ipcContract, this.#handlers(), {
      appOrigins: options.appOrigins,
      onInternalError: (channel, error) => this.log.line('error', `ipc ${channel}: internal error: ${error instanceof Error ? error.message : String(error)}`),
      onRefused: (channel, error) => this.log.ipcRefused(channel, error),
      onFailed: (channel, error) => this.log.ipcFailed(channel, error),
      redact: (value) => secrets.redactValue(value),
    });
  }

  /** Our write was confirmed by the server: check its page at once, so the dashboard and the tray show it now. Once per entry. */
  #checkWrittenPage(entry: OutboxEntryView): void {
    if (this.#checkedAfter.has(entry.id)) return;
    this.#checkedAfter.add(entry.id);
    if (this.#checkedAfter.size > CHECKED_AFTER_KEPT) this.#checkedAfter.delete(this.#checkedAfter.values().next().value!);
    for (const id of pagesWrittenTo(entry, this.#baseUrlOfAccount(entry.accountId), this.monitor.pages())) {
      this.monitor.pollNow(id).catch((error: unknown) => this.#options.log?.(`monitor: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  /** Creates the outbox reports sent (now, or while the app was closed) give linked members their server ids. */
  #reconcileLinked(entries: readonly OutboxEntryView[]): void {
    this.linkedIncidents
      .reconcile(entries)
      .catch((error: unknown) => this.#options.log?.(`linked incidents: ${error instanceof Error ? error.message : String(error)}`));
  }

  #baseUrlOfAccount(accountId: string): string | null {
    const account = this.settings.get().accounts.find((a) => a.id === accountId);
    return account ? resolveBaseUrl(regionOfAccount(account)) : null;
  }

  /**
   * The sizes of what the core keeps for as long as it runs, each bounded by what is watched or pending now or by
   * a fixed cap (docs/data-folder.md): the month soak samples them, and a number that only grows is a leak.
   */
  async footprint(): Promise<Record<string, number>> {
    const outbox = await this.outbox.ready().catch(() => null);
    const history = this.history.footprint();
    return {
      ...this.monitor.footprint(),
      historyLivePages: history.livePages,
      historyHeartbeats: history.heartbeatPages,
      logRateKeys: this.log.heldKeys(),
      outboxEntries: outbox?.list().length ?? 0,
      snoozes: this.snoozes.list().length,
      criticalAlerts: this.critical.alerts().length,
      linkedGroups: (await this.linkedIncidents.groups()).length,
      checkedAfterSend: this.#checkedAfter.size,
      problems: this.#problems.length,
    };
  }

  problems(): AppProblem[] {
    return [...this.#problems];
  }

  /** Starts the background work (the monitor); IPC calls also start it on first use. */
  async start(): Promise<void> {
    const outbox = this.outbox.start().catch((error: unknown) => {
      // Not fatal: the monitor runs without it, and the next outbox call tries to open it again.
      this.reportProblem('outbox_unavailable', `The outbox could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    });
    // Whenever the outbox opens (a command may hold it a while): creates sent while the app was closed.
    this.outbox.service().then(
      (opened) => this.#reconcileLinked(opened.list()),
      () => undefined,
    );
    this.updates.start();
    void this.#alerts.start();
    void this.globalShortcut.start();
    const keychain = this.vault.status().then((status) => this.log.keychain(status));
    await Promise.all([this.monitor.start(), outbox, keychain]);
  }

  /** A notification or the tray asked to show a page (and incident) in the window. */
  openTarget(target: { pageId: string; incidentId?: number }): void {
    // Clicking a critical notification is seeing it: its page's alerts are acknowledged.
    this.critical.acknowledge({ pageId: target.pageId });
    this.events.emit('desktop.onOpenTarget', target);
  }

  /** A feature found something the user should know (a file moved aside, no keychain): keep it and tell the window. */
  reportProblem(kind: AppProblem['kind'], message: string): void {
    const problem: AppProblem = { id: randomUUID(), kind, message, at: (this.#options.now ?? (() => new Date()))().toISOString() };
    this.#problems.push(problem);
    // A month in the tray with a flaky disk is not a thousand banners: the newest ones, each also in the log.
    if (this.#problems.length > MAX_PROBLEMS_KEPT) this.#problems.splice(0, this.#problems.length - MAX_PROBLEMS_KEPT);
    this.log.line('warn', `problem: ${message}`, message);
    this.events.emit('app.onProblem', problem);
  }

  #handlers(): InvokeHandlers<IpcContract> {
    return {
      'app.info': async () => ({
        version: this.#options.version,
        dataDir: this.#options.dataDir,
        vault: await this.vault.status(),
        problems: this.problems(),
      }),
      'app.openDemo': async () => {
        if (this.#options.build?.demo) throw new AppError('conflict', 'This is the demo already.');
        const openDemo = this.#options.ports?.openDemo;
        if (!openDemo) throw new AppError('unsupported', 'The demo starts from the desktop app (npm run demo).');
        try {
          await openDemo();
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          throw new AppError('unsupported', why.startsWith('The demo') ? why : `The demo could not start: ${why}`);
        }
        this.log.line('info', 'demo: started beside the app');
        return { started: true as const };
      },
      'app.retryKeychain': async () => {
        const status = await this.vault.retryKeychain();
        this.log.keychain(status);
        return status;
      },
      'app.dismissProblem': ({ id }) => {
        const index = this.#problems.findIndex((p) => p.id === id);
        if (index >= 0) this.#problems.splice(index, 1);
        return { dismissed: index >= 0 };
      },
      // Each feature module adds its channel group here, one line each.
      ...accountHandlers(this.accounts),
      ...monitorHandlers(this.monitor),
      ...outboxHandlers(this.outbox),
      ...statusPageHandlers(this.reads),
      ...notificationHandlers(this.monitor),
      ...desktopHandlers(this.desktop, this.#options.ports?.setLoginItem),
      ...translationHandlers(this.translation),
      ...operationsHandlers(this.operations),
      ...updatesHandlers(this.updates),
      ...incidentPageHandlers(this.incidentPages),
      ...linkedIncidentsHandlers(this.linkedIncidents),
      ...importsHandlers(),
      ...globalShortcutHandlers(this.globalShortcut),
      ...snoozeHandlers(this.snoozes),
      ...criticalAlertHandlers(this.critical),
      ...diagnosticsHandlers(this.diagnostics),
      ...historyHandlers(this.history),
      ...alertsHandlers(this.alerts),
    };
  }

  readonly #disposers: Array<() => Promise<void> | void> = [];

  /** Features with timers, servers or open files register their shutdown here. */
  protected onDispose(dispose: () => Promise<void> | void): void {
    this.#disposers.push(dispose);
  }

  async dispose(): Promise<void> {
    // Last registered, first closed: later features may depend on earlier ones.
    for (const dispose of this.#disposers.splice(0).reverse()) {
      try {
        await dispose();
      } catch (error) {
        this.log.line('warn', `shutdown: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
