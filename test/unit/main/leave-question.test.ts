import { describe, expect, it, vi } from 'vitest';
import { askBeforeLeaving, LEAVE_QUESTION } from '../../../electron/main/leave-question';
import { boot, liveWindows, trayMenuItem, useBootHarness } from './support/boot';
import { electronModule, fake, preventable, type FakeWindow } from './support/fake-electron';

// Closing the window, reloading it or quitting while an editor holds unsent text asks with a
// native question (the page's beforeunload refuses; Electron says so with will-prevent-unload).
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

useBootHarness();
const STAY = 0;
const LEAVE = 1;

/** Any question a test does not answer itself is answered Leave, so the harness's quit after the test ends the app. */
function leaveUnlessTold(): void {
  fake.dialog.showMessageBoxSync.mockImplementation(() => LEAVE);
}

/** A shown window whose page has an editor with unsent text, asked about by the leave question. */
async function windowWithUnsentText(onStay = vi.fn()): Promise<{ window: FakeWindow; onStay: typeof onStay; log: string[] }> {
  const window = new electronModule.BrowserWindow({}) as FakeWindow;
  await window.loadURL('app://statusdesk/index.html');
  window.show();
  const log: string[] = [];
  askBeforeLeaving({ onStay, log: (line) => log.push(line) })(window as unknown as Electron.BrowserWindow);
  window.webContents.refusesUnload = true;
  leaveUnlessTold();
  return { window, onStay, log };
}

describe('the leave question', () => {
  it('closing with unsent text asks over the window; Stay keeps the window and calls a quit off, Leave closes it', async () => {
    const { window, onStay } = await windowWithUnsentText();
    fake.dialog.showMessageBoxSync.mockReturnValueOnce(STAY);
    expect(window.close()).toBe(false);
    expect(fake.dialog.showMessageBoxSync).toHaveBeenCalledWith(window, LEAVE_QUESTION);
    expect(LEAVE_QUESTION).toMatchObject({ type: 'question', buttons: ['Stay', 'Leave'], defaultId: 0, cancelId: 0 });
    expect(LEAVE_QUESTION.detail).toBe('Your draft is kept and comes back when you open the editor again');
    expect(window.isDestroyed()).toBe(false);
    expect(onStay).toHaveBeenCalledTimes(1);

    fake.dialog.showMessageBoxSync.mockReturnValueOnce(LEAVE);
    expect(window.close()).toBe(true);
    expect(window.isDestroyed()).toBe(true);
    expect(onStay).toHaveBeenCalledTimes(1);
  });

  it('a page with nothing unsent closes without a question', async () => {
    const { window } = await windowWithUnsentText();
    window.webContents.refusesUnload = false;
    expect(window.close()).toBe(true);
    expect(fake.dialog.showMessageBoxSync).not.toHaveBeenCalled();
  });

  it('a reload asks the same way: Stay keeps the page, Leave reloads it', async () => {
    const { window } = await windowWithUnsentText();
    const navigations = vi.fn();
    window.webContents.on('did-start-navigation', navigations);
    fake.dialog.showMessageBoxSync.mockReturnValueOnce(STAY);
    window.webContents.reload();
    expect(navigations).not.toHaveBeenCalled();
    fake.dialog.showMessageBoxSync.mockReturnValueOnce(LEAVE);
    window.webContents.reload();
    expect(navigations).toHaveBeenCalledTimes(1);
  });

  it('a window hidden in the tray (or minimised) is brought up before it asks', async () => {
    const { window } = await windowWithUnsentText();
    window.hide();
    window.minimize();
    fake.dialog.showMessageBoxSync.mockImplementationOnce(() => {
      expect(window.isVisible()).toBe(true);
      expect(window.isMinimized()).toBe(false);
      return STAY;
    });
    window.close();
    expect(fake.dialog.showMessageBoxSync).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Linux and macOS: powerMonitor shutdown', (_window: FakeWindow) => void fake.powerMonitor.emit('shutdown', preventable())],
    ['Windows: the window’s query-session-end', (window: FakeWindow) => void window.emit('query-session-end', preventable())],
    ['Windows: the window’s session-end', (window: FakeWindow) => void window.emit('session-end', preventable())],
  ])('the session ending (%s) leaves without asking, so a shutdown is never held up', async (_name, endSession) => {
    const { window, log } = await windowWithUnsentText();
    endSession(window);
    expect(window.close()).toBe(true);
    expect(fake.dialog.showMessageBoxSync).not.toHaveBeenCalled();
    expect(log).toEqual(['window: the session ends; an editor with unsent text is left, its draft kept']);
  });
});

describe('the leave question at the composition root', () => {
  it('Quit in the tray asks; Stay keeps the app running and the window closes to the tray again; Leave quits', async () => {
    await boot();
    const window = liveWindows()[0]!;
    window.webContents.refusesUnload = true;
    leaveUnlessTold();
    await vi.waitFor(() => trayMenuItem('Quit Statusdesk'), { timeout: 10_000 });

    fake.dialog.showMessageBoxSync.mockReturnValueOnce(STAY);
    trayMenuItem('Quit Statusdesk').click!();
    expect(fake.dialog.showMessageBoxSync).toHaveBeenCalledTimes(1);
    expect(fake.app.exitCode).toBeNull();
    expect(window.isDestroyed()).toBe(false);
    // The quit is off: the close button hides the window in the tray again, without a question.
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(fake.dialog.showMessageBoxSync).toHaveBeenCalledTimes(1);

    fake.dialog.showMessageBoxSync.mockReturnValueOnce(LEAVE);
    trayMenuItem('Quit Statusdesk').click!();
    expect(fake.dialog.showMessageBoxSync).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(fake.app.exitCode).toBe(0), { timeout: 10_000 });
    expect(window.isDestroyed()).toBe(true);
  });
});
