import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'Statusdesk';

/**
 * The folder for settings, outbox, history and caches, shared by the desktop app and the command line:
 * STATUSDESK_HOME when set, else the platform's app-data folder (the same one Electron calls userData).
 */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string {
  if (env.STATUSDESK_HOME && env.STATUSDESK_HOME.trim() !== '') return path.resolve(env.STATUSDESK_HOME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  const configHome = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(configHome, APP_DIR_NAME);
}
