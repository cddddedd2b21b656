import type { App, Session, Shell, WebContents } from 'electron';
import { canOpenExternal, decideWindowOpen, isAllowedNavigation } from '@core/security/navigation';
import { shouldGrantPermission } from '@core/security/permissions';

/**
 * Applies the security decisions (pure functions in core/security) to every web contents and to the
 * session: no navigation away from the app, no new windows, no webviews, no permissions but notifications.
 */
export function hardenApp(app: App, shell: Shell, appOrigins: readonly string[]): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedNavigation(url, appOrigins)) {
        event.preventDefault();
        if (canOpenExternal(url)) void shell.openExternal(url);
      }
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAllowedNavigation(url, appOrigins)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideWindowOpen(url);
      if (decision.openExternally) void shell.openExternal(url);
      return { action: decision.action };
    });
  });
}

export function hardenSession(session: Session, appOrigins: readonly string[]): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(shouldGrantPermission(permission, details.requestingUrl ?? contents?.getURL() ?? '', appOrigins));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => shouldGrantPermission(permission, requestingOrigin, appOrigins));
}
