import { APP_ORIGIN } from '@core/security/app-protocol';
import { originOf } from '@core/security/trusted-sender';

interface RendererSource {
  /** What the main window loads. */
  startUrl: string;
  /** The origins whose main frame may call IPC and get permissions. */
  appOrigins: string[];
}

/**
 * Where the window's page comes from: the packaged renderer on app://, or, in development only, the dev server
 * named by ELECTRON_RENDERER_URL. A packaged app ignores the variable: whoever can set it would otherwise make
 * the installed app load, and trust, any page.
 */
export function rendererSource(options: { isPackaged: boolean; rendererUrl: string | undefined }): RendererSource {
  const packagedRenderer = { startUrl: `${APP_ORIGIN}/index.html`, appOrigins: [APP_ORIGIN] };
  if (options.isPackaged || !options.rendererUrl) return packagedRenderer;
  const devOrigin = originOf(options.rendererUrl);
  // Only an http(s) dev server is a dev server; anything else falls back to the built renderer.
  if (!devOrigin || !/^https?:/.test(devOrigin)) return packagedRenderer;
  return { startUrl: options.rendererUrl, appOrigins: [APP_ORIGIN, devOrigin] };
}
