import path from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { makeTempDir } from '../../../support/temp-dir';
import type { Result } from '../../../../shared/ipc/define';
import { fake, resetFake, type FakeWindow } from './fake-electron';

/**
 * Records every uncaught exception and unhandled rejection while a boot path runs: a throw from a timer or a
 * forgotten promise in the main process is the "JavaScript error in the main process" dialog for a user.
 */
export function watchUncaught(): { errors: unknown[]; stop: () => void } {
  const errors: unknown[] = [];
  const record = (error: unknown) => errors.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    errors,
    stop: () => {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
}

/** Runs the composition root as Electron would, then waits until the window is up (or the app gave up). */
export async function boot(): Promise<void> {
  const { bootstrap } = await import('../../../../electron/main/main');
  bootstrap();
  await vi.waitFor(
    () => {
      const up = fake.handlers.size > 0 && fake.windows.some((w) => !w.isDestroyed() && w.isVisible());
      expect(up || fake.app.quit.mock.calls.length > 0 || fake.app.exitCode !== null).toBe(true);
    },
    { timeout: 10_000 },
  );
}

export function liveWindows(): FakeWindow[] {
  return fake.windows.filter((w) => !w.isDestroyed());
}

/** An IPC call as the window's main frame makes it (the only trusted sender). */
export async function invoke<T = unknown>(channel: string, payload?: unknown): Promise<Result<T>> {
  const handler = fake.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const window = liveWindows()[0];
  if (!window) throw new Error('no window to send from');
  const frame = window.webContents.mainFrame;
  return (await handler({ sender: window.webContents, senderFrame: frame }, payload)) as Result<T>;
}

export async function invokeOk<T = unknown>(channel: string, payload?: unknown): Promise<T> {
  const result = await invoke<T>(channel, payload);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Quits as the tray's Quit does and waits until the process would have ended. */
export async function quitAndWait(): Promise<void> {
  if (fake.app.exitCode !== null) return;
  fake.app.quit();
  await vi.waitFor(() => expect(fake.app.exitCode).not.toBeNull(), { timeout: 10_000 });
}

/** Runs the rest of the test as if on another operating system; returns the undo. */
export function pretendPlatform(platform: NodeJS.Platform): () => void {
  const original = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { ...original, value: platform });
  return () => Object.defineProperty(process, 'platform', original);
}

/** A tray menu entry by its label, from the last menu set on the tray. */
export function trayMenuItem(label: string): { label?: string; click?: () => void } {
  const tray = fake.trays.at(-1);
  const menu = tray?.setContextMenu.mock.calls.at(-1)?.[0] as { template: Array<{ label?: string; click?: () => void }> } | undefined;
  const item = menu?.template.find((entry) => entry.label === label);
  if (!item) throw new Error(`no tray menu entry "${label}" in ${JSON.stringify(menu?.template.map((e) => e.label))}`);
  return item;
}

/**
 * The set-up every boot-path file shares: before each test a throw-away folder (the data folder, or `dataSubdir`
 * inside it), no renderer URL, no demo, a fresh fake and a watch for uncaught errors; after it the app quits,
 * the test's `undo` steps run, everything is put back, and nothing may have been thrown uncaught.
 */
export function useBootHarness(options: { dataSubdir?: string } = {}): {
  readonly dir: string;
  readonly dataDir: string;
  undo: Array<() => void | Promise<void>>;
} {
  let temp: ReturnType<typeof makeTempDir>;
  let uncaught: ReturnType<typeof watchUncaught>;
  const harness = {
    get dir() {
      return temp.dir;
    },
    get dataDir() {
      return options.dataSubdir ? path.join(temp.dir, options.dataSubdir) : temp.dir;
    },
    undo: [] as Array<() => void | Promise<void>>,
  };
  beforeEach(() => {
    temp = makeTempDir();
    vi.stubEnv('STATUSDESK_HOME', harness.dataDir);
    vi.stubEnv('ELECTRON_RENDERER_URL', '');
    vi.stubEnv('STATUSDESK_DEMO', '');
    resetFake();
    uncaught = watchUncaught();
  });
  afterEach(async () => {
    try {
      await quitAndWait();
      for (const step of harness.undo.splice(0).reverse()) await step();
    } finally {
      uncaught.stop();
      vi.useRealTimers();
      vi.unstubAllEnvs();
      temp.remove();
    }
    expect(uncaught.errors).toEqual([]);
  });
  return harness;
}
