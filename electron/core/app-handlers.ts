import { AppError } from '@shared/errors';
import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from './ipc/dispatcher';
import type { CoreLog } from './logging/core-log';
import type { AppProblems } from './logging/app-problems';
import type { KeyVault } from './vault/key-vault';

interface AppHandlersOptions {
  version: string;
  dataDir: string;
  vault: KeyVault;
  log: CoreLog;
  problems: AppProblems;
  /** This app is the demo: it starts no other. */
  demo: boolean;
  /** Starts the demo beside the app; absent where there is no desktop to start it on. */
  openDemo: (() => Promise<void>) | undefined;
}

/** The app's own channels: what it is, its problems, the keychain asked again, the demo. */
export function appHandlers(app: AppHandlersOptions): GroupHandlers<IpcContract, 'app'> {
  return {
    'app.info': async () => ({
      version: app.version,
      dataDir: app.dataDir,
      vault: await app.vault.status(),
      problems: app.problems.list(),
    }),
    'app.openDemo': async () => {
      if (app.demo) throw new AppError('conflict', 'This is the demo already.');
      const openDemo = app.openDemo;
      if (!openDemo) throw new AppError('unsupported', 'The demo starts from the desktop app (npm run demo).');
      try {
        await openDemo();
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new AppError('unsupported', why.startsWith('The demo') ? why : `The demo could not start: ${why}`);
      }
      app.log.line('info', 'demo: started beside the app');
      return { started: true as const };
    },
    'app.retryKeychain': async () => {
      const status = await app.vault.retryKeychain();
      app.log.keychain(status);
      return status;
    },
    'app.dismissProblem': ({ id }) => ({ dismissed: app.problems.dismiss(id) }),
  };
}
