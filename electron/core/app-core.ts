import { ipcContract, type IpcContract } from '@shared/ipc/contract';
import { AccountsService } from './accounts/accounts-service';
import { accountHandlers } from './accounts/account-handlers';
import { AccountReads } from './accounts/account-reads';
import { OutboxFeature } from './outbox/outbox-feature';
import { outboxHandlers, statuspalHandlers } from './outbox/outbox-handlers';
import { MonitorFeature } from './monitor/monitor-feature';
import { DesktopPrefsFeature } from './desktop/desktop-prefs-feature';
import { desktopHandlers, monitorHandlers, notificationHandlers } from './monitor/monitor-handlers';
import { WindowPush } from './ipc/window-push';
import { createAppBus, type AppBus } from './events/app-events';
import { createIpcDispatcher, type InvokeHandlers, type IpcDispatcher } from './ipc/dispatcher';
import { SettingsStore } from './settings/settings-store';
import type { KeyVault } from './vault/key-vault';
import { createStatusPageProbeClient } from './accounts/probe-client';
import { baseUrlOfPage } from './monitor/summary-fetcher';
import { OwnWrites } from './monitor/own-writes';
import { serverOfAccount } from './accounts/account-server';
import { registerReactions, type Reactions } from './reactions/register-reactions';
import { keyFromVault } from './translation/key-source';
import { TranslationAppService } from './translation/translation-app-service';
import { translationHandlers } from './translation/translation-handlers';
import { OperationsFeature } from './operations/operations-feature';
import { operationsHandlers } from './operations/operations-handlers';
import { createOperationsOutboxKind } from './operations/operations-outbox-kind';
import { UpdatesFeature } from './updates/updates-feature';
import { updatesHandlers } from './updates/updates-handlers';
import { IncidentPageStore } from './incidents/incident-page-store';
import { incidentPageHandlers } from './incidents/incident-page-handlers';
import { LinkedIncidents } from './incidents/linked-incidents';
import { linkedIncidentsHandlers } from './incidents/linked-incidents-handlers';
import { linkedPostHandlers } from './incidents/linked-post-handlers';
import { adminListHandlers } from './accounts/admin-list-handlers';
import { windowWriteHandlers } from './writes/window-write-handlers';
import { importsHandlers } from './imports/imports-handlers';
import { GlobalShortcutFeature, globalShortcutHandlers } from './shortcuts/global-shortcut-feature';
import { SnoozeFeature, snoozeHandlers } from './snooze/snooze-feature';
import { CriticalAlerts, criticalAlertHandlers } from './critical/critical-alerts';
import { trayPagesWithSnoozes } from '@shared/snooze/snooze-tray';
import { CoreLog } from './logging/core-log';
import { AppProblems } from './logging/app-problems';
import { appHandlers } from './app-handlers';
import { functionLogger, silentLogger } from './logging/app-logger';
import { redactLogLine } from './logging/log-redaction';
import { KnownSecrets } from './security/known-secrets';
import { DiagnosticsFeature, diagnosticsHandlers } from './logging/diagnostics-feature';
import { HistoryFeature, historyHandlers } from './history/history-feature';
import { logSettingsChanges } from './logging/follow-settings';
import { createAlerts, type Alerts } from './alerts/alerts-feature';
import type { AppCoreOptions } from './app-core-options';
import type { AlertsApi } from './alerts/alerts-api';
import { alertsHandlers } from './alerts/alerts-handlers';
import type { AppProblem } from '@shared/diagnostics/app-problem';

/**
 * Everything the app does, without Electron: the services, the IPC handlers over them, the app's event bus and
 * the reactions subscribed to it (reactions/). Wiring only: what follows what is a named reaction, not a closure here.
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
  /** The app's events (events/app-events.ts): features publish, the reactions and the window push subscribe. */
  readonly bus: AppBus;
  /** What the windows are told: the bus's window events, checked and redacted. */
  readonly events: WindowPush;
  readonly dispatcher: IpcDispatcher;
  readonly #problems: AppProblems;
  readonly #options: AppCoreOptions;
  readonly #reactions: Reactions;

  constructor(given: AppCoreOptions) {
    const secrets = given.secrets ?? new KnownSecrets();
    this.secrets = secrets;
    given.vault.notice((secret) => secrets.add(secret));
    const redactLine = (line: string) => redactLogLine(line, secrets);
    this.log = given.coreLog ?? new CoreLog({ logger: given.log ? functionLogger((line) => given.log!(redactLine(line))) : silentLogger, redact: redactLine });
    const bus = createAppBus({
      onSubscriberError: (name, error) => this.log.line('warn', `${name}: ${error instanceof Error ? error.message : String(error)}`),
    });
    this.bus = bus;
    this.events = new WindowPush(ipcContract, bus, { redact: (payload) => secrets.redactValue(payload) });
    // Every feature's lines go to the one log.
    const options: AppCoreOptions = { ...given, log: (message) => this.log.line('info', message) };
    this.#options = options;
    const now = options.now ?? (() => new Date());
    this.vault = options.vault;
    this.settings = new SettingsStore(options.dataDir);
    this.#problems = new AppProblems({ now, events: bus });
    this.#problems.keepSettingsProblems(this.settings);
    if (this.settings.problem) options.log?.(`settings: ${this.settings.problem.message} (moved to ${this.settings.problem.movedTo})`);
    // What the features are handed alike: where a damaged file is reported, and the log when there is one.
    const fileCorrupt = (message: string): void => this.reportProblem('file_corrupt', message);
    const logging = options.log === undefined ? {} : { log: options.log };
    const ownWrites = new OwnWrites();
    const accountServer = (accountId: string) => serverOfAccount(this.settings, accountId);
    this.accounts = new AccountsService({
      settings: this.settings,
      vault: this.vault,
      clientFor: options.clientFor ?? createStatusPageProbeClient,
      now,
      events: bus,
    });
    // Before the monitor: its first poll asks whether a snooze quiets an event, and its tray is drawn with them.
    this.snoozes = new SnoozeFeature({
      dataDir: options.dataDir,
      ...(options.log ? { log: options.log } : {}),
      events: bus,
    });
    this.onDispose(() => this.snoozes.dispose());
    this.critical = new CriticalAlerts({
      dataDir: options.dataDir,
      events: bus,
      ...(options.log ? { log: options.log } : {}),
    });
    // Before the monitor: each poll's events are routed to the team's destinations.
    this.#alerts = createAlerts({ dataDir: options.dataDir, settings: this.settings, vault: this.vault, reportProblem: fileCorrupt, ...logging });
    this.alerts = this.#alerts.api;
    this.onDispose(this.alerts.onChange(() => bus.publish('alerts.onChange', {})));
    this.onDispose(() => this.#alerts.stop());
    this.history = new HistoryFeature({ dataDir: options.dataDir, pages: () => this.settings.get().watchedPages, reportProblem: fileCorrupt, ...logging });
    this.onDispose(() => this.history.dispose());
    this.monitor = new MonitorFeature({
      settings: this.settings,
      events: bus,
      dataDir: options.dataDir,
      ...(options.ports?.signals ? { signals: options.ports.signals } : {}),
      ...(options.monitorTuning ? { tuning: options.monitorTuning } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      hasViewers: () => this.events.connected,
      trayPages: (pages, nowMs) => trayPagesWithSnoozes(pages, this.snoozes.list(), nowMs),
      reportProblem: fileCorrupt,
      apiKeyFor: (accountId, url) => this.accounts.keyFor(accountId, url),
      accountBaseUrl: accountServer,
      // Not notified: what a snooze quiets, and the echo of our own writes.
      isOwnWrite: (page, event, services) =>
        this.snoozes.silences(page.id, event, services) ||
        (page.kind !== 'provider' && ownWrites.isOwn({ baseUrl: baseUrlOfPage(page), subdomain: page.subdomain }, event)),
      ...logging,
    });
    this.onDispose(() => this.monitor.dispose());
    this.desktop = new DesktopPrefsFeature({ settings: this.settings, events: bus });
    this.reads = new AccountReads(this.accounts);
    this.outbox = new OutboxFeature({
      dataDir: options.dataDir,
      accounts: this.accounts,
      ...(options.ports?.signals ? { signals: options.ports.signals } : {}),
      events: bus,
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
      events: bus,
      outbox: () => this.outbox.service(),
      ...logging,
      now,
    });
    this.onDispose(() => this.operations.dispose());
    this.updates = new UpdatesFeature({
      settings: this.settings,
      version: options.version,
      build: options.build ?? { packaged: false, demo: false },
      port: options.ports?.updater,
      events: bus,
    });
    this.onDispose(() => this.updates.dispose());
    this.incidentPages = new IncidentPageStore({ dataDir: options.dataDir, onProblem: fileCorrupt, now });
    this.linkedIncidents = new LinkedIncidents({
      dataDir: options.dataDir,
      onProblem: fileCorrupt,
      events: bus,
      // Not waited for while a command holds the outbox: the group is reconciled when the outbox opens.
      knownCreates: async () => (await this.outbox.ready()).list(),
      now,
    });
    this.globalShortcut = new GlobalShortcutFeature({
      dataDir: options.dataDir,
      port: options.ports?.globalShortcut,
      events: bus,
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
      outboxStatus: () => this.#reactions.tray.outboxStatus(),
      openOutboxStatus: async () => (await this.outbox.ready()).status(),
      stalePages: async () => (await this.monitor.fullSnapshot()).pages.filter((page) => page.status !== 'ok').length,
      ...(options.ports?.copyText ? { copyText: options.ports.copyText } : {}),
      ...(options.ports?.openPath ? { openPath: options.ports.openPath } : {}),
      now,
    });
    this.#reactions = registerReactions(bus, {
      log: this.log,
      monitor: this.monitor,
      outbox: this.outbox,
      history: this.history,
      critical: this.critical,
      linkedIncidents: this.linkedIncidents,
      alertsRouting: this.#alerts,
      ownWrites,
      serverOfAccount: accountServer,
      ports: options.ports,
      ...(options.log === undefined ? {} : { problemLog: options.log }),
    });
    this.onDispose(() => this.#reactions.stop());
    this.onDispose(() => this.events.dispose());
    this.dispatcher = createIpcDispatcher(ipcContract, this.#handlers(), {
      appOrigins: options.appOrigins,
      onInternalError: (channel, error) => this.log.line('error', `ipc ${channel}: internal error: ${error instanceof Error ? error.message : String(error)}`),
      onRefused: (channel, error) => this.log.ipcRefused(channel, error),
      onFailed: (channel, error) => this.log.ipcFailed(channel, error),
      redact: (value) => secrets.redactValue(value),
    });
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
      checkedAfterSend: this.#reactions.checkPage.checkedCount,
      problems: this.#problems.size,
    };
  }

  problems(): AppProblem[] {
    return this.#problems.list();
  }

  /** Starts the background work (the monitor); IPC calls also start it on first use. */
  async start(): Promise<void> {
    const outbox = this.outbox.start().catch((error: unknown) => {
      // Not fatal: the monitor runs without it, and the next outbox call tries to open it again.
      this.reportProblem('outbox_unavailable', `The outbox could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    });
    this.updates.start();
    // Another process (statusdesk serve) may send this data folder's alerts: told as a problem by start() itself.
    this.#alerts.start().catch(() => undefined);
    void this.globalShortcut.start();
    const keychain = this.vault.status().then((status) => this.log.keychain(status));
    await Promise.all([this.monitor.start(), outbox, keychain]);
  }

  /** A notification or the tray asked to show a page (and incident) in the window. */
  openTarget(target: { pageId: string; incidentId?: number }): void {
    this.bus.publish('desktop.onOpenTarget', target);
  }

  /** A feature found something the user should know (a file moved aside, no keychain): keep it and tell the window. */
  reportProblem(kind: AppProblem['kind'], message: string): void {
    this.#problems.report(kind, message);
  }

  #handlers(): InvokeHandlers<IpcContract> {
    return {
      ...appHandlers({
        version: this.#options.version,
        dataDir: this.#options.dataDir,
        vault: this.vault,
        log: this.log,
        problems: this.#problems,
        demo: this.#options.build?.demo ?? false,
        openDemo: this.#options.ports?.openDemo,
      }),
      // Each feature module adds its channel group here, one line each.
      ...accountHandlers(this.accounts),
      ...monitorHandlers(this.monitor),
      ...outboxHandlers(this.outbox),
      ...windowWriteHandlers({ reads: this.reads, enqueue: (write) => this.outbox.enqueue(write) }),
      ...statuspalHandlers(this.reads),
      ...adminListHandlers(this.reads),
      ...notificationHandlers(this.monitor),
      ...desktopHandlers(this.desktop, this.#options.ports?.setLoginItem),
      ...translationHandlers(this.translation),
      ...operationsHandlers(this.operations),
      ...updatesHandlers(this.updates),
      ...incidentPageHandlers(this.incidentPages),
      ...linkedIncidentsHandlers(this.linkedIncidents),
      ...linkedPostHandlers({ linked: this.linkedIncidents, outbox: this.outbox, accounts: this.accounts, reads: this.reads }),
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
