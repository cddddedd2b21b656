import { defineStore } from 'pinia';
import type { TranslationTotals } from '../../../shared/ipc/channels/translation';
import type { TranslationCounters } from '../../../shared/translation/counters';
import { translationFailureOf } from '../../../shared/translation/failure';
import type { TranslationHistoryEntry } from '../../../shared/translation/history-entry';
import type { TranslationKeyStatus } from '../../../shared/translation/key-status';
import type { Language } from '../../../shared/translation/language';
import type { TranslationSettings } from '../../../shared/translation/translation-settings';
import { WordType } from '../../../shared/translation/word-type';
import { api, ApiError, call, messageOf } from '../api';
import { describeFailure, type PanelFailure } from '../components/translation/failure-message';

export type HealthView =
  { state: 'unknown' } | { state: 'checking' } | { state: 'up'; latencyMs: number; checkedAt: string } | { state: 'down'; message: string; checkedAt: string };

/** Lines of the input, as the service gets them: one text per line, blank lines kept (they come back blank). */
export function linesOf(input: string): string[] {
  return input.split(/\r?\n/);
}

export const useTranslationStore = defineStore('translation', {
  state: () => ({
    started: false,
    languages: [] as Language[],
    languagesState: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
    languagesError: null as string | null,
    languagesStale: false,
    from: null as string | null,
    to: null as string | null,
    input: '',
    output: null as string[] | null,
    /** The pair the output is in (the pickers may have changed since). */
    outputPair: null as { from: string; to: string } | null,
    translating: false,
    failure: null as PanelFailure | null,
    lastCounters: null as TranslationCounters | null,
    /** Output lines the service returned no translation for (the source text is shown). */
    untranslated: [] as number[],
    totals: null as TranslationTotals | null,
    health: { state: 'unknown' } as HealthView,
    history: [] as TranslationHistoryEntry[],
    historyError: null as string | null,
    key: null as TranslationKeyStatus | null,
    settings: null as TranslationSettings | null,
  }),
  getters: {
    nameOf: (state) => (code: string | null) => {
      if (code === null) return '';
      return state.languages.find((language) => language.code === code)?.english_name ?? code;
    },
  },
  actions: {
    /** Loads what the panel shows; the languages and defaults only the first time this session. */
    async start() {
      const loads: Array<Promise<unknown>> = [this.loadKey(), this.loadHistory(), this.loadTotals()];
      if (!this.started) {
        this.started = true;
        loads.push(this.loadSettings().then(() => this.loadLanguages()));
      }
      await Promise.all(loads);
    },
    async loadSettings() {
      try {
        this.settings = await call(api().translation.getSettings());
        this.from ??= this.settings.defaultFrom;
        this.to ??= this.settings.defaultTo;
      } catch (error) {
        this.failure = describeFailure('other', messageOf(error));
      }
    },
    async loadLanguages(refresh = false) {
      this.languagesState = 'loading';
      try {
        const result = await call(api().translation.languages(refresh ? { refresh: true } : undefined));
        this.languages = result.languages;
        this.languagesStale = result.stale;
        this.languagesState = 'ready';
        this.languagesError = null;
      } catch (error) {
        this.languagesState = 'error';
        this.languagesError = messageOf(error);
      }
    },
    async loadKey() {
      try {
        this.key = await call(api().translation.keyStatus());
      } catch {
        this.key = { stored: false, storage: 'none', lastFour: null };
      }
    },
    async loadHistory() {
      try {
        this.history = (await call(api().translation.history())).entries;
        this.historyError = null;
      } catch (error) {
        this.historyError = messageOf(error);
      }
    },
    async loadTotals() {
      try {
        this.totals = await call(api().translation.totals());
      } catch {
        // The counter is informative only; it stays as it was.
      }
    },
    swap() {
      [this.from, this.to] = [this.to, this.from];
      // As in any translator: the result becomes the new source.
      if (this.output !== null) {
        this.input = this.output.join('\n');
        this.output = null;
        this.outputPair = null;
        this.lastCounters = null;
        this.untranslated = [];
      }
      this.failure = null;
    },
    async translate() {
      if (this.translating) return;
      const { from, to } = this;
      const failWith = (kind: PanelFailure['kind'], raw = '') => {
        this.failure = describeFailure(kind, raw, { from: this.nameOf(from), to: this.nameOf(to) });
      };
      if (from === null || to === null) return failWith('no_language');
      if (from === to) return failWith('same_language');
      if (this.input.trim() === '') return failWith('empty');
      const texts = linesOf(this.input);
      this.translating = true;
      this.failure = null;
      try {
        // Asked once per pair per session by the main process, so a repeat costs no request.
        const { supported } = await call(api().translation.isSupported({ from, to }));
        if (!supported) return failWith('unsupported_pair');
        const result = await call(api().translation.translate({ from, to, type: WordType.TEXT, texts }));
        this.output = result.texts;
        this.outputPair = { from, to };
        this.lastCounters = result.counters;
        this.untranslated = result.untranslated;
        await Promise.all([this.loadHistory(), this.rememberPair(from, to)]);
      } catch (error) {
        if (error instanceof ApiError)
          failWith(translationFailureOf({ code: error.code, ...(error.status === undefined ? {} : { status: error.status }) }), error.message);
        else failWith('other', messageOf(error));
      } finally {
        this.translating = false;
        await this.loadTotals();
      }
    },
    /** The pair that last translated is where the panel opens next time. */
    async rememberPair(from: string, to: string) {
      if (this.settings?.defaultFrom === from && this.settings.defaultTo === to) return;
      try {
        this.settings = await call(api().translation.setSettings({ defaultFrom: from, defaultTo: to }));
      } catch {
        // Only a convenience: the translation itself is done.
      }
    },
    restore(entry: TranslationHistoryEntry) {
      this.from = entry.from;
      this.to = entry.to;
      this.input = entry.texts.join('\n');
      this.output = [...entry.translations];
      this.outputPair = { from: entry.from, to: entry.to };
      this.lastCounters = null;
      this.untranslated = [];
      this.failure = null;
    },
    async clearHistory() {
      try {
        await call(api().translation.clearHistory());
        this.history = [];
      } catch (error) {
        this.historyError = messageOf(error);
      }
    },
    /** One status request, because the user asked. */
    async checkHealth() {
      this.health = { state: 'checking' };
      try {
        const health = await call(api().translation.health());
        this.health = health.ok
          ? { state: 'up', latencyMs: health.latencyMs, checkedAt: health.checkedAt }
          : { state: 'down', message: health.error?.message ?? 'The service did not answer as expected.', checkedAt: health.checkedAt };
      } catch (error) {
        this.health = { state: 'down', message: messageOf(error), checkedAt: new Date().toISOString() };
      }
    },
    /** Throws ApiError so the form can show the reason next to the field. `check`: the service takes the key first (one billed word). */
    async saveKey(key: string, sessionOnly: boolean, check = false) {
      this.key = await call(api().translation.setKey({ key, ...(sessionOnly ? { sessionOnly } : {}), ...(check ? { check } : {}) }));
      if (this.failure?.kind === 'no_key' || this.failure?.kind === 'invalid_key') this.failure = null;
    },
    async removeKey() {
      const { removed: _removed, ...status } = await call(api().translation.removeKey());
      this.key = status;
    },
    /** Throws ApiError (not an http(s) page address) for the form. */
    async saveRequestUrl(requestUrl: string) {
      this.settings = await call(api().translation.setSettings({ requestUrl }));
    },
    /** Throws ApiError (an invalid address) for the form. */
    async saveBaseUrl(baseUrl: string) {
      this.settings = await call(api().translation.setSettings({ baseUrl }));
      // Another service: its health, languages and answers about pairs are unknown again.
      this.health = { state: 'unknown' };
      this.failure = null;
      await this.loadLanguages();
    },
  },
});
