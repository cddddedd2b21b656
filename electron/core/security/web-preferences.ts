/**
 * The BrowserWindow webPreferences every Statusdesk window uses. Kept as a plain object (no Electron types)
 * so the decision is unit-tested in Node.
 */
interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webviewTag: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  spellcheck: boolean;
  /** Off in an installed app: DevTools would give whoever sits at the window (or a "paste this" trick) a console on its IPC. */
  devTools: boolean;
}

export function secureWebPreferences(preloadPath: string, options: { packaged: boolean }): SecureWebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    spellcheck: true,
    devTools: !options.packaged,
  };
}
