import { originOf } from './trusted-sender';

/** The window may only ever show the app itself; everything else is refused (links go to the browser). */
export function isAllowedNavigation(targetUrl: string, appOrigins: readonly string[]): boolean {
  const origin = originOf(targetUrl);
  return origin !== null && appOrigins.includes(origin);
}

/** Only https links leave the app, and only to the system browser; credentials in URLs are refused. */
export function canOpenExternal(targetUrl: string): boolean {
  try {
    const url = new URL(targetUrl);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** `window.open` never creates a window; an https target is handed to the system browser instead. */
export function decideWindowOpen(targetUrl: string): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: canOpenExternal(targetUrl) };
}
