import { defineStore } from 'pinia';
import type { ForgetProgress } from '../../../shared/ipc/channels/operations';
import type { OperationsAuthStatus } from '../../../shared/operations/auth-status';
import type { ForgetResult } from '../../../shared/operations/forget-result';
import type { OperationsHistoryEntry } from '../../../shared/operations/history';
import { parseNameLines } from '../../../shared/operations/name-lines';
import type { OperationsSettingsChange, OperationsSettingsView } from '../../../shared/operations/operations-settings';
import { OPERATIONS_OUTBOX_KIND, type QueuedForgetResult } from '../../../shared/operations/queued-forget';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import type { OutboxChange } from '../../../shared/outbox/status';
import { api, call, messageOf } from '../api';
import { onOutboxChange, useOutboxStore } from './outbox';

/** One line of the last run: waiting, refused before sending, or settled by the service. */
export type ResultRow =
  | { name: string; line: number; state: 'pending' }
  | { name: string; line: number; state: 'not_sent'; reason: string }
  | { name: string; line: number; state: 'done'; result: ForgetResult };

export type AuthAction = 'signIn' | 'signOut' | 'paste' | 'clearPaste' | 'adc';

function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export const useOperationsStore = defineStore('operations', {
  state: () => ({
    settings: null as OperationsSettingsView | null,
    status: null as OperationsAuthStatus | null,
    history: [] as OperationsHistoryEntry[],
    loading: false,
    loadError: null as string | null,
    /** The names typed or pasted, kept while the user visits other screens. */
    draft: '',
    rows: [] as ResultRow[],
    forgetting: false,
    forgetError: null as string | null,
    requestId: null as string | null,
    authBusy: null as AuthAction | null,
    authError: null as string | null,
    authMessage: null as string | null,
    historyError: null as string | null,
    /** Forgets waiting in the outbox (or failed there) because the service could not be reached. */
    queued: [] as OutboxEntryView[],
    sendingQueued: false,
  }),
  getters: {
    canForget: (state) => state.status !== null && state.status.active !== 'none',
    summary: (state) => {
      const count = { forgotten: 0, already_gone: 0, failed: 0, queued: 0, not_sent: 0, pending: 0 };
      for (const row of state.rows) {
        if (row.state === 'done') count[row.result.outcome]++;
        else count[row.state]++;
      }
      return count;
    },
    queuedWaiting: (state) => state.queued.filter((e) => e.state === 'pending' || e.state === 'in_flight').length,
    queuedFailed: (state) => state.queued.filter((e) => e.state === 'failed').length,
  },
  actions: {
    async load() {
      this.loading = true;
      try {
        const [settings, status, history] = await Promise.all([
          call(api().operations.getSettings()),
          call(api().operations.authStatus()),
          call(api().operations.history()),
        ]);
        this.settings = settings;
        this.status = status;
        this.history = history.entries;
        this.loadError = null;
      } catch (error) {
        this.loadError = messageOf(error);
      } finally {
        this.loading = false;
      }
      await this.loadQueued();
    },

    /** The outbox's forgets; a failure here only hides the waiting line, never the panel. */
    async loadQueued() {
      try {
        const entries = await call(api().outbox.list());
        this.queued = entries.filter((e) => e.kind === OPERATIONS_OUTBOX_KIND && e.state !== 'sent');
      } catch {
        // The outbox may be unavailable (another process holds it): nothing is waiting from this window's view.
      }
    },

    /**
     * Progress of the running batch as each name settles, final results of queued names, and the outbox's
     * changes (for the waiting line). Returns one function that stops all three.
     */
    listen() {
      useOutboxStore().listen(); // the window's one outbox subscription, which hands each change on
      const stops = [
        api().operations.onProgress((progress: ForgetProgress) => {
          if (!this.requestId || progress.requestId !== this.requestId) return;
          this.settle(progress.result);
        }),
        api().operations.onQueuedResult((event: QueuedForgetResult) => {
          this.settle(event.result, event.outboxId);
          void this.loadHistory();
        }),
        onOutboxChange((change: OutboxChange) => this.applyOutboxChange(change)),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },

    /** Internal: keeps the list of queued forgets current. */
    applyOutboxChange(change: OutboxChange) {
      if (change.type === 'removed') {
        this.queued = this.queued.filter((e) => e.id !== change.id);
        return;
      }
      if (change.type !== 'entry' || change.entry.kind !== OPERATIONS_OUTBOX_KIND) return;
      const rest = this.queued.filter((e) => e.id !== change.entry.id);
      this.queued = change.entry.state === 'sent' ? rest : [...rest, change.entry].sort((a, b) => a.seq - b.seq);
    },

    /** "Send now": probes the service at once and sends what can be sent. */
    async sendQueuedNow() {
      this.sendingQueued = true;
      try {
        await call(api().outbox.flush());
      } catch {
        // The waiting line stays; the outbox keeps trying on its own.
      } finally {
        this.sendingQueued = false;
      }
    },

    async saveSettings(change: OperationsSettingsChange) {
      this.settings = await call(api().operations.setSettings(change));
      this.status = await call(api().operations.authStatus());
    },

    /** Internal: one sign-in action, with its busy flag, message and error. */
    async runAuth(action: AuthAction, work: () => Promise<OperationsAuthStatus>, message: string | null = null) {
      this.authBusy = action;
      this.authError = null;
      this.authMessage = null;
      try {
        this.status = await work();
        this.authMessage = message;
      } catch (error) {
        this.authError = messageOf(error);
        // The sign-in may have changed state before it failed (pending ended): show what is true now.
        this.status = await call(api().operations.authStatus()).catch(() => this.status);
      } finally {
        this.authBusy = null;
      }
    },

    async signIn(sessionOnly: boolean) {
      if (this.status) this.status = { ...this.status, signIn: { ...this.status.signIn, pending: true } };
      await this.runAuth('signIn', () => call(api().operations.signIn(sessionOnly ? { sessionOnly: true } : undefined)), 'Signed in with Google.');
    },
    async cancelSignIn() {
      await call(api().operations.cancelSignIn()).catch(() => undefined);
    },
    async signOut() {
      let message: string | null = null;
      await this.runAuth('signOut', async () => {
        const result = await call(api().operations.signOut());
        message = result.message;
        return result.status;
      });
      if (message) this.authMessage = message;
    },
    async pasteToken(token: string) {
      await this.runAuth('paste', () => call(api().operations.pasteToken({ token })), 'The token is kept in memory until Statusdesk quits.');
    },
    async clearPastedToken() {
      await this.runAuth('clearPaste', () => call(api().operations.clearPastedToken()));
    },
    async setAdc(enabled: boolean) {
      await this.runAuth('adc', () => call(api().operations.useAdc({ enabled })));
    },

    /** Sends the well-formed names; malformed lines are shown with their reason and never sent. */
    async forget() {
      const parsed = parseNameLines(this.draft);
      this.forgetError = null;
      const rows: ResultRow[] = [
        ...parsed.valid.map(({ line, name }): ResultRow => ({ name, line, state: 'pending' })),
        ...parsed.invalid.map(({ line, text, reason }): ResultRow => ({ name: text, line, state: 'not_sent', reason })),
      ];
      this.rows = rows.sort((a, b) => a.line - b.line);
      if (parsed.names.length === 0) {
        this.forgetError = parsed.invalid.length > 0 ? 'Nothing was sent: no line is a well-formed operation name.' : 'Enter at least one operation name.';
        return;
      }
      if (parsed.names.length > 1000) {
        this.rows = [];
        this.forgetError = `At most 1000 names at once; this list has ${parsed.names.length}.`;
        return;
      }
      const requestId = newRequestId();
      this.requestId = requestId;
      this.forgetting = true;
      try {
        const { results } = await call(api().operations.forget({ names: parsed.names, requestId }));
        for (const result of results) this.settle(result);
      } catch (error) {
        this.forgetError = messageOf(error);
        // Nothing was sent (no token source, or the core did not answer): only the refused lines stay.
        this.rows = this.rows.filter((row) => row.state !== 'pending');
      } finally {
        this.forgetting = false;
        this.requestId = null;
      }
      await this.loadHistory();
    },

    /**
     * Internal: puts one name's result in its row. A queued name's final result (with its outbox id) replaces
     * only that queued row; "queued" never replaces a final result that arrived first.
     */
    settle(result: ForgetResult, outboxId?: string) {
      const index = this.rows.findIndex((row) => {
        if (row.name !== result.name || row.state === 'not_sent') return false;
        if (outboxId === undefined) return true;
        return row.state === 'pending' || (row.result.outcome === 'queued' && (row.result.outboxId === undefined || row.result.outboxId === outboxId));
      });
      if (index < 0) return;
      const row = this.rows[index]!;
      if (result.outcome === 'queued' && row.state === 'done' && row.result.outcome !== 'queued') return;
      this.rows[index] = { name: result.name, line: row.line, state: 'done', result };
    },

    async loadHistory() {
      try {
        this.history = (await call(api().operations.history())).entries;
        this.historyError = null;
      } catch (error) {
        this.historyError = messageOf(error);
      }
    },
    async clearHistory() {
      try {
        await call(api().operations.clearHistory());
        this.history = [];
        this.historyError = null;
      } catch (error) {
        this.historyError = messageOf(error);
      }
    },
  },
});
