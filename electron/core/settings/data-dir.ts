import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@shared/errors';
import { fileErrorReason } from '@core/storage/file-system';

const APP_DIR_NAME = 'Statusdesk';

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

/**
 * Creates the data folder when it is missing, readable by this user only (0700): it holds the outbox, the
 * settings and the history, and whichever command runs first on a fresh install (`accounts add` takes the
 * outbox lock before anything is written there) must find it. A folder that exists is left as it is.
 */
export function ensureDataDir(dataDir: string): string {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new AppError(
      'storage',
      `The data folder ${dataDir} could not be created: ${fileErrorReason(error)}; set STATUSDESK_HOME to a folder you can write.`,
      {
        cause: error,
      },
    );
  }
  return dataDir;
}
