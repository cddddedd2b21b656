import { isAllowedNavigation } from '@core/security/navigation';

/** What the window's web contents tell about its page, in the order Electron emits them. */
export type PageEvent =
  /** did-start-navigation: any frame starts navigating. */
  | { type: 'navigation-started'; url: string; isMainFrame: boolean; isSameDocument: boolean }
  /** did-navigate: a main-frame navigation committed; the old document is gone. */
  | { type: 'navigated' }
  /** did-finish-load: the main frame's document has loaded, its preload and listeners with it. */
  | { type: 'load-finished' }
  /** did-stop-loading: nothing loads any more; a navigation that never committed left the old page in place. */
  | { type: 'loading-stopped' }
  /** render-process-gone: the page died with its renderer. */
  | { type: 'renderer-gone' };

export interface PageReadiness {
  /** none: no page (new window, crashed renderer); loading: a new document committed and loads; loaded: it has. */
  page: 'none' | 'loading' | 'loaded';
  /** A main-frame navigation to another document started and has neither committed nor ended. */
  navigating: boolean;
}

export const NO_PAGE: PageReadiness = { page: 'none', navigating: false };

/**
 * Tracks whether the window's page can take a message now. A message sent while a reload is under way reaches
 * the old document, which is about to be thrown away, or no document at all; held until the new one has loaded,
 * it arrives. A navigation the hardening refuses (another origin) never replaces the page, so it holds nothing.
 */
export function nextPageReadiness(state: PageReadiness, event: PageEvent, appOrigins: readonly string[]): PageReadiness {
  switch (event.type) {
    case 'navigation-started':
      if (!event.isMainFrame || event.isSameDocument || !isAllowedNavigation(event.url, appOrigins)) return state;
      return { ...state, navigating: true };
    case 'navigated':
      return { page: 'loading', navigating: false };
    case 'load-finished':
      return { ...state, page: 'loaded' };
    case 'loading-stopped':
      return { ...state, navigating: false };
    case 'renderer-gone':
      return NO_PAGE;
  }
}

export function canTakeMessages(state: PageReadiness): boolean {
  return state.page === 'loaded' && !state.navigating;
}
