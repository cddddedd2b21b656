import { dialog, powerMonitor, type BrowserWindow, type MessageBoxSyncOptions } from 'electron';

/** Stay is the default and what Escape or closing the question picks: an unsent update is never lost to a slip. */
export const LEAVE_QUESTION: MessageBoxSyncOptions = {
  type: 'question',
  buttons: ['Stay', 'Leave'],
  defaultId: 0,
  cancelId: 0,
  title: 'Statusdesk',
  message: 'An editor has text you have not sent. Leave anyway?',
  detail: 'Your draft is kept and comes back when you open the editor again',
};
const LEAVE = 1;

/**
 * Closing the window, reloading it or quitting (the tray's Quit, Cmd+Q, app.quit()) while an editor holds unsent
 * text: the page's beforeunload refuses (renderer/src/lib/unsent-text.ts), Electron reports it as
 * `will-prevent-unload`, and this asks with a native question over the window, shown first if it was hidden in
 * the tray. Leave lets the page go; Stay keeps it and calls off a quit under way (`onStay`).
 *
 * The operating system ending the session (shut down, restart, log off) leaves without asking: the draft was
 * saved on every key, and a question nobody is there to answer would hold the shutdown up. An update is installed
 * when the app quits, after this question was answered, so it is never held up by it either.
 * Built once the app is ready (powerMonitor needs it); returns what to call for each new window.
 */
export function askBeforeLeaving(options: { onStay: () => void; log: (message: string) => void }): (window: BrowserWindow) => void {
  let sessionEnding = false;
  const endSession = () => {
    sessionEnding = true;
  };
  // Linux and macOS tell the app; Windows tells each window (below).
  powerMonitor.on('shutdown', endSession);
  return (window) => {
    window.on('query-session-end', endSession);
    window.on('session-end', endSession);
    window.webContents.on('will-prevent-unload', (event) => {
      if (sessionEnding) {
        options.log('window: the session ends; an editor with unsent text is left, its draft kept');
        event.preventDefault();
        return;
      }
      if (window.isMinimized()) window.restore();
      if (!window.isVisible()) window.show();
      window.focus();
      if (dialog.showMessageBoxSync(window, LEAVE_QUESTION) === LEAVE) {
        event.preventDefault();
        return;
      }
      options.onStay();
    });
  };
}
