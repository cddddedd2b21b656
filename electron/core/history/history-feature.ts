import { AppError } from '@shared/errors';
import { HISTORY_DAYS, type PageHistory } from '@shared/history/page-history';
import type { OverlapResult } from '@shared/history/overlap';
import type { PageState } from '@shared/monitor/page-state';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { ProviderHistoryStore } from './provider-history-store';

interface HistoryFeatureOptions {
  dataDir: string;
  /** The watched pages now (settings). */
  pages: () => readonly WatchedPage[];
  reportProblem: (message: string) => void;
  log?: (message: string) => void;
  now?: () => number;
}

/**
 * The provider history as the app uses it: opened at start, fed every page state the monitor reports, read by
 * the window for a page's timeline and for "what else was down then".
 */
export class HistoryFeature {
  readonly #options: HistoryFeatureOptions;
  #store: ProviderHistoryStore | null = null;
  #ready: Promise<ProviderHistoryStore> | null = null;
  /** States reported before the store was open: the newest per page. */
  readonly #early = new Map<string, PageState>();

  constructor(options: HistoryFeatureOptions) {
    this.#options = options;
  }

  start(): Promise<ProviderHistoryStore> {
    this.#ready ??= ProviderHistoryStore.open({
      dataDir: this.#options.dataDir,
      onCorrupt: this.#options.reportProblem,
      watchedPageIds: () => this.#options.pages().map((p) => p.id),
      ...(this.#options.now ? { now: this.#options.now } : {}),
    }).then((store) => {
      this.#store = store;
      for (const state of this.#early.values()) store.observe(state);
      this.#early.clear();
      return store;
    });
    return this.#ready;
  }

  /** From the monitor's state stream; never throws into it. */
  observe(state: PageState): void {
    if (this.#store) this.#store.observe(state);
    else {
      this.#early.set(state.pageId, state);
      void this.start().catch((error: unknown) => this.#options.log?.(`history: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  async page(pageId: string, days = HISTORY_DAYS): Promise<PageHistory | null> {
    if (!this.#options.pages().some((p) => p.id === pageId)) throw new AppError('not_found', 'That page is no longer watched.');
    return (await this.start()).read(pageId, days);
  }

  async overlap(fromMs: number, toMs: number): Promise<OverlapResult> {
    const now = (this.#options.now ?? Date.now)();
    const from = Math.max(fromMs, now - HISTORY_DAYS * 86_400_000);
    const to = Math.min(Math.max(toMs, from), now);
    // "What else": the providers' pages, not our own (the incident asked about is on one of those).
    const providers = this.#options.pages().filter((p) => p.kind === 'provider');
    return (await this.start()).overlap(
      providers.map((p) => p.id),
      from,
      to,
    );
  }

  /** What the store holds in memory; nothing before it opened. */
  footprint(): { livePages: number; heartbeatPages: number } {
    return this.#store?.footprint() ?? { livePages: 0, heartbeatPages: 0 };
  }

  async dispose(): Promise<void> {
    await (await this.#ready?.catch(() => null))?.dispose();
  }
}

export function historyHandlers(history: HistoryFeature) {
  return {
    'history.page': ({ pageId, days }: { pageId: string; days?: number | undefined }) => history.page(pageId, days),
    'history.overlap': ({ from, to }: { from: string; to: string | null }) => history.overlap(Date.parse(from), to === null ? Date.now() : Date.parse(to)),
  };
}
