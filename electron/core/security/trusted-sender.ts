/** What the main process knows about the frame that sent an IPC message. */
export interface SenderFrame {
  url: string;
  isMainFrame: boolean;
}

/** The origin of a URL as the browser computes it; null for opaque origins (file:, data:, about:). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:' || parsed.protocol === 'app:') {
      return `${parsed.protocol}//${parsed.host}`;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * IPC is only accepted from the app's own main frame. Origins are compared after URL parsing, so
 * `http://127.0.0.1:5173.evil.com` or `app://statusdesk@evil` never pass for the app.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, appOrigins: readonly string[]): boolean {
  if (!frame || !frame.isMainFrame) return false;
  const origin = originOf(frame.url);
  return origin !== null && appOrigins.includes(origin);
}
