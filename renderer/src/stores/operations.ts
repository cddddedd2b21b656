import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OperationsAuthStatus } from '@shared/operations/auth-status';
import type { ForgetResult } from '@shared/operations/forget-result';
import type { OperationsHistoryEntry } from '@shared/operations/history';
import { parseNameLines } from '@shared/operations/name-lines';
import type { OperationsSettingsChange, OperationsSettingsView } from '@shared/operations/operations-settings';
import { OPERATIONS_OUTBOX_KIND, type QueuedForgetResult } from '@shared/operations/queued-forget';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxChange } from '@shared/outbox/status';
import { api, call, messageOf } from '@/api';
import { useHistoryList } from './history-list';
import { useOutboxStore } from './outbox';
import type { ForgetProgress } from '@shared/operations/forget-progress';

/** One line of the last run: waiting, refused before sending, or settled by the service. */
export type ResultRow =
  | { name: string; line: number; state: 'pending' }
  | { name: string; line: number; state: 'not_sent'; reason: string }
  | { name: string; line: number; state: 'done'; result: ForgetResult };

type AuthAction = 'signIn' | 'signOut' | 'paste' | 'clearPaste' | 'adc';

function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export const useOperationsStore = defineStore('operations', () => {
  const settings = ref<OperationsSettingsView | null>(null);
  const status = ref<OperationsAuthStatus | null>(null);
  const loading = ref(false);
  const loadError = ref<string | null>(null);
  /** The names typed or pasted, kept while the user visits other screens. */
  const draft = ref('');
  const rows = ref<ResultRow[]>([]);
  const forgetting = ref(false);
  const forgetError = ref<string | null>(null);
  const authBusy = ref<AuthAction | null>(null);
  const authError = ref<string | null>(null);
  const authMessage = ref<string | null>(null);
  const { history, historyError, loadHistory, clearHistory } = useHistoryList<OperationsHistoryEntry>({
    read: () => call(api().operations.history()),
    clear: () => call(api().operations.clearHistory()),
  });
  /** Forgets waiting in the outbox (or failed there) because the service could not be reached. */
  const queued = ref<OutboxEntryView[]>([]);
  const sendingQueued = ref(false);

  /** Not view state: the running batch, whose progress events are this window's. */
  let requestId: string | null = null;

  const canForget = computed(() => status.value !== null && status.value.active !== 'none');
  const summary = computed(() => {
    const count = { forgotten: 0, already_gone: 0, failed: 0, queued: 0, not_sent: 0, pending: 0 };
    for (const row of rows.value) {
      if (row.state === 'done') count[row.result.outcome]++;
      else count[row.state]++;
    }
    return count;
  });
  const queuedWaiting = computed(() => queued.value.filter((e) => e.state === 'pending' || e.state === 'in_flight').length);
  const queuedFailed = computed(() => queued.value.filter((e) => e.state === 'failed').length);

  async function load() {
    loading.value = true;
    try {
      const [read, auth, past] = await Promise.all([
        call(api().operations.getSettings()),
        call(api().operations.authStatus()),
        call(api().operations.history()),
      ]);
      settings.value = read;
      status.value = auth;
      history.value = past.entries;
      loadError.value = null;
    } catch (error) {
      loadError.value = messageOf(error);
    } finally {
      loading.value = false;
    }
    await loadQueued();
  }

  /** The outbox's forgets; a failure here only hides the waiting line, never the panel. */
  async function loadQueued() {
    try {
      const entries = await call(api().outbox.list());
      queued.value = entries.filter((e) => e.kind === OPERATIONS_OUTBOX_KIND && e.state !== 'sent');
    } catch {
      // The outbox may be unavailable (another process holds it): nothing is waiting from this window's view.
    }
  }

  /**
   * Progress of the running batch as each name settles, final results of queued names, and the outbox's
   * changes (for the waiting line). Returns one function that stops all three.
   */
  function listen() {
    const outbox = useOutboxStore();
    outbox.listen(); // the window's one outbox subscription, which hands each change on
    const stops = [
      api().operations.onProgress((progress: ForgetProgress) => {
        if (!requestId || progress.requestId !== requestId) return;
        settle(progress.result);
      }),
      api().operations.onQueuedResult((event: QueuedForgetResult) => {
        settle(event.result, event.outboxId);
        void loadHistory();
      }),
      outbox.onChange((change: OutboxChange) => applyOutboxChange(change)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Keeps the list of queued forgets current. */
  function applyOutboxChange(change: OutboxChange) {
    if (change.type === 'removed') {
      queued.value = queued.value.filter((e) => e.id !== change.id);
      return;
    }
    if (change.type !== 'entry' || change.entry.kind !== OPERATIONS_OUTBOX_KIND) return;
    const rest = queued.value.filter((e) => e.id !== change.entry.id);
    queued.value = change.entry.state === 'sent' ? rest : [...rest, change.entry].sort((a, b) => a.seq - b.seq);
  }

  /** "Send now": probes the service at once and sends what can be sent. */
  async function sendQueuedNow() {
    sendingQueued.value = true;
    try {
      await call(api().outbox.flush());
    } catch {
      // The waiting line stays; the outbox keeps trying on its own.
    } finally {
      sendingQueued.value = false;
    }
  }

  async function saveSettings(change: OperationsSettingsChange) {
    settings.value = await call(api().operations.setSettings(change));
    status.value = await call(api().operations.authStatus());
  }

  /** One sign-in action, with its busy flag, message and error. */
  async function runAuth(action: AuthAction, work: () => Promise<OperationsAuthStatus>, message: string | null = null) {
    authBusy.value = action;
    authError.value = null;
    authMessage.value = null;
    try {
      status.value = await work();
      authMessage.value = message;
    } catch (error) {
      authError.value = messageOf(error);
      // The sign-in may have changed state before it failed (pending ended): show what is true now.
      status.value = await call(api().operations.authStatus()).catch(() => status.value);
    } finally {
      authBusy.value = null;
    }
  }

  async function signIn(sessionOnly: boolean) {
    if (status.value) status.value = { ...status.value, signIn: { ...status.value.signIn, pending: true } };
    await runAuth('signIn', () => call(api().operations.signIn(sessionOnly ? { sessionOnly: true } : undefined)), 'Signed in with Google.');
  }

  async function cancelSignIn() {
    await call(api().operations.cancelSignIn()).catch(() => undefined);
  }

  async function signOut() {
    let message: string | null = null;
    await runAuth('signOut', async () => {
      const result = await call(api().operations.signOut());
      message = result.message;
      return result.status;
    });
    if (message) authMessage.value = message;
  }

  async function pasteToken(token: string) {
    await runAuth('paste', () => call(api().operations.pasteToken({ token })), 'The token is kept in memory until Statusdesk quits.');
  }

  async function clearPastedToken() {
    await runAuth('clearPaste', () => call(api().operations.clearPastedToken()));
  }

  async function setAdc(enabled: boolean) {
    await runAuth('adc', () => call(api().operations.useAdc({ enabled })));
  }

  /** Sends the well-formed names; malformed lines are shown with their reason and never sent. */
  async function forget() {
    const parsed = parseNameLines(draft.value);
    forgetError.value = null;
    const lines: ResultRow[] = [
      ...parsed.valid.map(({ line, name }): ResultRow => ({ name, line, state: 'pending' })),
      ...parsed.invalid.map(({ line, text, reason }): ResultRow => ({ name: text, line, state: 'not_sent', reason })),
    ];
    rows.value = lines.sort((a, b) => a.line - b.line);
    if (parsed.names.length === 0) {
      forgetError.value = parsed.invalid.length > 0 ? 'Nothing was sent: no line is a well-formed operation name.' : 'Enter at least one operation name.';
      return;
    }
    if (parsed.names.length > 1000) {
      rows.value = [];
      forgetError.value = `At most 1000 names at once; this list has ${parsed.names.length}.`;
      return;
    }
    const batch = newRequestId();
    requestId = batch;
    forgetting.value = true;
    try {
      const { results } = await call(api().operations.forget({ names: parsed.names, requestId: batch }));
      for (const result of results) settle(result);
    } catch (error) {
      forgetError.value = messageOf(error);
      // Nothing was sent (no token source, or the core did not answer): only the refused lines stay.
      rows.value = rows.value.filter((row) => row.state !== 'pending');
    } finally {
      forgetting.value = false;
      requestId = null;
    }
    await loadHistory();
  }

  /**
   * Puts one name's result in its row. A queued name's final result (with its outbox id) replaces only that
   * queued row; "queued" never replaces a final result that arrived first.
   */
  function settle(result: ForgetResult, outboxId?: string) {
    const index = rows.value.findIndex((row) => {
      if (row.name !== result.name || row.state === 'not_sent') return false;
      if (outboxId === undefined) return true;
      return row.state === 'pending' || (row.result.outcome === 'queued' && (row.result.outboxId === undefined || row.result.outboxId === outboxId));
    });
    if (index < 0) return;
    const row = rows.value[index]!;
    if (result.outcome === 'queued' && row.state === 'done' && row.result.outcome !== 'queued') return;
    rows.value[index] = { name: result.name, line: row.line, state: 'done', result };
  }

  return {
    settings,
    status,
    history,
    loading,
    loadError,
    draft,
    rows,
    forgetting,
    forgetError,
    authBusy,
    authError,
    authMessage,
    historyError,
    queued,
    sendingQueued,
    canForget,
    summary,
    queuedWaiting,
    queuedFailed,
    load,
    listen,
    sendQueuedNow,
    saveSettings,
    signIn,
    cancelSignIn,
    signOut,
    pasteToken,
    clearPastedToken,
    setAdc,
    forget,
    loadHistory,
    clearHistory,
  };
});
