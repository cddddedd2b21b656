import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY } from '../../electron/core/security/content-security-policy';
import { repoRoot } from '../support/paths';
import { findElectronBinary } from './electron-binary';

// The built app (npm run build → out/) in demo mode, in real Electron, with a throw-away data folder.
// What a fake Electron cannot prove: it starts, loads its page under the security checklist, talks over real
// IPC, keeps its tray, and quits cleanly.

// What in the main process's output means something went wrong (Chromium's own noise on stderr is not ours).
const MAIN_PROCESS_ERRORS =
  /Uncaught|UnhandledPromiseRejection|A JavaScript error occurred in the main process|\[statusdesk\] (could not start|problem:|shutdown:)/;

let app: ElectronApplication;
let page: Page;
let dataDir: string;
let output = '';

test.beforeAll(async () => {
  // STATUSDESK_APP_EXECUTABLE: an app packaged by electron-builder --dir (hosted CI), which loads its own asar.
  const packaged = process.env.STATUSDESK_APP_EXECUTABLE;
  const binary = packaged ? { ok: true as const, executablePath: packaged } : findElectronBinary();
  if (!binary.ok) throw new Error(binary.message);
  dataDir = mkdtempSync(path.join(tmpdir(), 'statusdesk-electron-'));
  app = await electron.launch({
    executablePath: binary.executablePath,
    // The repository folder: Electron reads package.json's main (out/main/index.js), and app.getAppPath() finds resources/.
    args: packaged ? [] : [repoRoot],
    env: { ...process.env, STATUSDESK_DEMO: '1', STATUSDESK_HOME: dataDir, ELECTRON_RENDERER_URL: '' },
  });
  app.process().stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.process().stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  page = await app.firstWindow();
});

test.afterAll(async () => {
  if (app && app.process().exitCode === null) await app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the window loads the renderer from app:// and the demo incident appears on the dashboard', async () => {
  expect(page.url()).toBe('app://statusdesk/index.html');
  const card = page.getByRole('article', { name: 'Page Acme (demo)' });
  await expect(card).toBeVisible();
  // The demo scenario opens its incident five seconds in.
  await expect(card.getByRole('article', { name: 'Incident Elevated error rates on the API' })).toBeVisible({ timeout: 45_000 });
});

test('one IPC round trip per feature area, through the real preload', async () => {
  const results = await page.evaluate(async () => {
    const api = (window as unknown as { api: Record<string, Record<string, (request?: unknown) => Promise<{ ok: boolean }>>> }).api;
    return {
      accounts: await api.accounts!.list!(),
      monitor: await api.monitor!.pages!(),
      outbox: await api.outbox!.status!(),
      translation: await api.translation!.totals!(),
      operations: await api.operations!.getSettings!(),
      app: await api.app!.info!(),
    };
  });
  for (const [area, result] of Object.entries(results)) expect(result.ok, `${area}: ${JSON.stringify(result)}`).toBe(true);
  expect(JSON.stringify(results.monitor)).toContain('Acme (demo)');
});

test('webPreferences and the CSP are those of the security checklist', async () => {
  // The preferences the window runs with, as Electron reports them (an undocumented but long-standing method).
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as { getLastWebPreferences?: () => unknown };
    return contents.getLastWebPreferences?.() ?? null;
  });
  if (prefs !== null) {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
    });
  }
  // What the page itself can see: no Node, and window.api is a context-isolated bridge it cannot rewrite.
  const seen = await page.evaluate(() => {
    const w = window as unknown as { require?: unknown; process?: unknown; api: { accounts: { list: unknown } } };
    const before = w.api.accounts.list;
    try {
      w.api.accounts.list = () => 'replaced';
    } catch {
      // Frozen by contextBridge: the write throws in strict code, or is ignored.
    }
    return { require: typeof w.require, process: typeof w.process, apiKept: w.api.accounts.list === before };
  });
  expect(seen).toEqual({ require: 'undefined', process: 'undefined', apiKept: true });
  const csp = await page.evaluate(async () => (await fetch('/index.html')).headers.get('content-security-policy'));
  expect(csp).toBe(CONTENT_SECURITY_POLICY);
});

test('the tray exists, closing the window keeps the app in the tray, and Quit ends it cleanly', async () => {
  expect(output).toContain('[statusdesk] tray: ready');
  await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
  const state = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => ({ visible: w.isVisible() })));
  expect(state).toEqual([{ visible: false }]);
  const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
  await app.evaluate(({ app: electronApp }) => electronApp.quit());
  expect(await exited).toBe(0);
  expect(output).not.toMatch(MAIN_PROCESS_ERRORS);
});
