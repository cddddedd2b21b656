/**
 * The BrowserWindow webPreferences every Statusdesk window uses. Kept as a plain object (no Electron types)
 * so the decision is unit-tested in Node.
 */
export interface SecureWebPreferences {
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
}

export function secureWebPreferences(preloadPath: string): SecureWebPreferences {
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
  };
}
