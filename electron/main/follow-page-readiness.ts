import type { WebContents } from 'electron';
import { canTakeMessages, NO_PAGE, nextPageReadiness, type PageEvent } from '@core/desktop/page-readiness';

/**
 * Follows a window's page through loads, reloads and crashes (core/desktop/page-readiness.ts decides) and
 * says each time whether it can take a message now.
 */
export function followPageReadiness(contents: WebContents, appOrigins: readonly string[], onChange: (ready: boolean) => void): void {
  let state = NO_PAGE;
  let ready = false;
  const apply = (event: PageEvent) => {
    state = nextPageReadiness(state, event, appOrigins);
    if (canTakeMessages(state) === ready) return;
    ready = !ready;
    onChange(ready);
  };
  contents.on('did-start-navigation', (details) =>
    apply({ type: 'navigation-started', url: details.url, isMainFrame: details.isMainFrame, isSameDocument: details.isSameDocument }),
  );
  contents.on('did-navigate', () => apply({ type: 'navigated' }));
  contents.on('did-finish-load', () => apply({ type: 'load-finished' }));
  contents.on('did-stop-loading', () => apply({ type: 'loading-stopped' }));
  contents.on('render-process-gone', () => apply({ type: 'renderer-gone' }));
}
