import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { TranslationCounters } from '@shared/translation/counters';
import type { TranslationHistoryEntry } from '@shared/translation/history-entry';
import type { TranslationKeyStatus } from '@shared/translation/key-status';
import type { Language } from '@shared/translation/language';
import { languageName } from '@shared/translation/language-name';
import type { TranslationSettings } from '@shared/translation/translation-settings';
import { WordType } from '@shared/translation/word-type';
import { api, call, messageOf } from '@/api';
import { translationErrorOf } from '@/lib/translation-error';
import { describeFailure, type PanelFailure } from '@/lib/translation-failure-message';
import { useHistoryList } from './history-list';
import type { TranslationTotals } from '@shared/translation/counters';

type HealthView =
  { state: 'unknown' } | { state: 'checking' } | { state: 'up'; latencyMs: number; checkedAt: string } | { state: 'down'; message: string; checkedAt: string };

/** Lines of the input, as the service gets them: one text per line, blank lines kept (they come back blank). */
function linesOf(input: string): string[] {
  return input.split(/\r?\n/);
}

export const useTranslationStore = defineStore('translation', () => {
  const languages = ref<Language[]>([]);
  const languagesState = ref<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const languagesError = ref<string | null>(null);
  const languagesStale = ref(false);
  const from = ref<string | null>(null);
  const to = ref<string | null>(null);
  const input = ref('');
  const output = ref<string[] | null>(null);
  /** The pair the output is in (the pickers may have changed since). */
  const outputPair = ref<{ from: string; to: string } | null>(null);
  const translating = ref(false);
  const failure = ref<PanelFailure | null>(null);
  const lastCounters = ref<TranslationCounters | null>(null);
  /** Output lines the service returned no translation for (the source text is shown). */
  const untranslated = ref<number[]>([]);
  const totals = ref<TranslationTotals | null>(null);
  const health = ref<HealthView>({ state: 'unknown' });
  const { history, historyError, loadHistory, clearHistory } = useHistoryList<TranslationHistoryEntry>({
    read: () => call(api().translation.history()),
    clear: () => call(api().translation.clearHistory()),
  });
  const key = ref<TranslationKeyStatus | null>(null);
  // As last saved: a move of the service address also says what it did to the key (notice).
  const settings = ref<(TranslationSettings & { notice?: string }) | null>(null);

  /** Not view state: the languages and defaults are read once per window. */
  let started = false;

  const nameOf = computed(() => (code: string | null) => {
    if (code === null) return '';
    return languageName(code, languages.value);
  });

  /** Loads what the panel shows; the languages and defaults only the first time this session. */
  async function start() {
    const loads: Array<Promise<unknown>> = [loadKey(), loadHistory(), loadTotals()];
    if (!started) {
      started = true;
      loads.push(loadSettings().then(() => loadLanguages()));
    }
    await Promise.all(loads);
  }

  async function loadSettings() {
    try {
      settings.value = await call(api().translation.getSettings());
      from.value ??= settings.value.defaultFrom;
      to.value ??= settings.value.defaultTo;
    } catch (error) {
      failure.value = describeFailure('other', messageOf(error));
    }
  }

  async function loadLanguages(refresh = false) {
    languagesState.value = 'loading';
    try {
      const result = await call(api().translation.languages(refresh ? { refresh: true } : undefined));
      languages.value = result.languages;
      languagesStale.value = result.stale;
      languagesState.value = 'ready';
      languagesError.value = null;
    } catch (error) {
      languagesState.value = 'error';
      languagesError.value = messageOf(error);
    }
  }

  async function loadKey() {
    try {
      key.value = await call(api().translation.keyStatus());
    } catch {
      key.value = { stored: false, storage: 'none', lastFour: null };
    }
  }

  async function loadTotals() {
    try {
      totals.value = await call(api().translation.totals());
    } catch {
      // The counter is informative only; it stays as it was.
    }
  }

  function swap() {
    [from.value, to.value] = [to.value, from.value];
    // As in any translator: the result becomes the new source.
    if (output.value !== null) {
      input.value = output.value.join('\n');
      output.value = null;
      outputPair.value = null;
      lastCounters.value = null;
      untranslated.value = [];
    }
    failure.value = null;
  }

  async function translate() {
    if (translating.value) return;
    const source = from.value;
    const target = to.value;
    const failWith = (kind: PanelFailure['kind'], raw = '') => {
      failure.value = describeFailure(kind, raw, { from: nameOf.value(source), to: nameOf.value(target) });
    };
    if (source === null || target === null) return failWith('no_language');
    if (source === target) return failWith('same_language');
    if (input.value.trim() === '') return failWith('empty');
    const texts = linesOf(input.value);
    translating.value = true;
    failure.value = null;
    try {
      // Asked once per pair per session by the main process, so a repeat costs no request.
      const { supported } = await call(api().translation.isSupported({ from: source, to: target }));
      if (!supported) return failWith('unsupported_pair');
      const result = await call(api().translation.translate({ from: source, to: target, type: WordType.TEXT, texts }));
      output.value = result.texts;
      outputPair.value = { from: source, to: target };
      lastCounters.value = result.counters;
      untranslated.value = result.untranslated;
      await Promise.all([loadHistory(), rememberPair(source, target)]);
    } catch (error) {
      const { kind, raw } = translationErrorOf(error);
      failWith(kind, raw);
    } finally {
      translating.value = false;
      await loadTotals();
    }
  }

  /** The pair that last translated is where the panel opens next time. */
  async function rememberPair(source: string, target: string) {
    if (settings.value?.defaultFrom === source && settings.value.defaultTo === target) return;
    try {
      settings.value = await call(api().translation.setSettings({ defaultFrom: source, defaultTo: target }));
    } catch {
      // Only a convenience: the translation itself is done.
    }
  }

  function restore(entry: TranslationHistoryEntry) {
    from.value = entry.from;
    to.value = entry.to;
    input.value = entry.texts.join('\n');
    output.value = [...entry.translations];
    outputPair.value = { from: entry.from, to: entry.to };
    lastCounters.value = null;
    untranslated.value = [];
    failure.value = null;
  }

  /** One status request, because the user asked. */
  async function checkHealth() {
    health.value = { state: 'checking' };
    try {
      const answer = await call(api().translation.health());
      health.value = answer.ok
        ? { state: 'up', latencyMs: answer.latencyMs, checkedAt: answer.checkedAt }
        : { state: 'down', message: answer.error?.message ?? 'The service did not answer as expected.', checkedAt: answer.checkedAt };
    } catch (error) {
      health.value = { state: 'down', message: messageOf(error), checkedAt: new Date().toISOString() };
    }
  }

  /** Throws ApiError so the form can show the reason next to the field. */
  /** `check`: the main process has the service take the key (one billed word) before storing it. */
  async function saveKey(value: string, sessionOnly: boolean, check = false) {
    key.value = await call(api().translation.setKey({ key: value, ...(sessionOnly ? { sessionOnly } : {}), ...(check ? { check } : {}) }));
    if (failure.value?.kind === 'no_key' || failure.value?.kind === 'invalid_key') failure.value = null;
  }

  async function removeKey() {
    const { removed: _removed, ...status } = await call(api().translation.removeKey());
    key.value = status;
  }

  /** Throws ApiError (not an http(s) page address) for the form. */
  async function saveRequestUrl(requestUrl: string) {
    settings.value = await call(api().translation.setSettings({ requestUrl }));
  }

  /** Throws ApiError (an invalid address) for the form. */
  async function saveBaseUrl(baseUrl: string) {
    const saved = await call(api().translation.setSettings({ baseUrl }));
    settings.value = saved;
    // A key is bound to the service it was entered for: moving the service removed it, and the panel says so.
    if (saved.notice) key.value = await call(api().translation.keyStatus());
    // Another service: its health, languages and answers about pairs are unknown again.
    health.value = { state: 'unknown' };
    failure.value = null;
    await loadLanguages();
  }

  return {
    languages,
    languagesState,
    languagesError,
    languagesStale,
    from,
    to,
    input,
    output,
    outputPair,
    translating,
    failure,
    lastCounters,
    untranslated,
    totals,
    health,
    history,
    historyError,
    key,
    settings,
    nameOf,
    start,
    loadSettings,
    loadLanguages,
    loadKey,
    loadHistory,
    loadTotals,
    swap,
    translate,
    restore,
    clearHistory,
    checkHealth,
    saveKey,
    removeKey,
    saveRequestUrl,
    saveBaseUrl,
  };
});
