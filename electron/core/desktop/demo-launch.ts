import { spawn, type ChildProcess } from 'node:child_process';
import { loginCommand } from './login-item';

/*
 * The demo, started from the window: a second copy of this app with STATUSDESK_DEMO=1, which gives itself a
 * throw-away data folder (so the single-instance lock, scoped to the data folder, lets it run beside this one,
 * and the user's settings, outbox and keychain are never touched). Started as the login item would start this
 * copy, and left to run on its own: closing it ends only the demo.
 */

export interface ThisApp {
  isPackaged: boolean;
  execPath: string;
  appPath: string;
  appImage: string | undefined;
  env: NodeJS.ProcessEnv;
}

export function demoCommand(app: ThisApp): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
  const [file, ...args] = loginCommand(app);
  return { file: file!, args, env: { ...app.env, STATUSDESK_DEMO: '1' } };
}

/** Starts the demo; resolves with its process once it runs, rejects with why it could not start. */
export function launchDemo(app: ThisApp, start: typeof spawn = spawn): Promise<ChildProcess> {
  const { file, args, env } = demoCommand(app);
  return new Promise((resolve, reject) => {
    const child = start(file, args, { env, detached: true, stdio: 'ignore' });
    child.once('error', (error) => reject(new Error(`The demo could not start: ${error.message}`)));
    child.once('spawn', () => {
      child.unref();
      resolve(child);
    });
  });
}

/**
 * The window's way to start the demo: one at a time, so a script in the window calling it in a loop cannot start
 * a process per call. Free again once that demo has quit.
 */
export function oneDemoAtATime(app: ThisApp, start: typeof spawn = spawn): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) throw new Error('The demo is already open in a window of its own.');
    running = true;
    try {
      const child = await launchDemo(app, start);
      child.once('exit', () => (running = false));
    } catch (error) {
      running = false;
      throw error;
    }
  };
}
