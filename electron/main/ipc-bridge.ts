import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { IpcDispatcher } from '@core/ipc/dispatcher';
import type { WindowPush } from '@core/ipc/window-push';

/**
 * The frame that sent a message: only the window's main frame counts as the app, and (as VS Code's validated
 * IPC checks) a top-level one: a frame with a parent is an embedded page, whatever object it claims to be.
 */
function senderFrameOf(event: IpcMainInvokeEvent): { url: string; isMainFrame: boolean } | null {
  const frame = event.senderFrame;
  if (!frame) return null;
  return { url: frame.url, isMainFrame: frame === event.sender.mainFrame && frame.parent === null };
}

/** Registers every invoke channel through the dispatcher: one function, one set of checks. */
export function registerIpcHandlers(ipcMain: IpcMain, dispatcher: IpcDispatcher): () => void {
  for (const channel of dispatcher.channels) {
    ipcMain.handle(channel, (event, payload: unknown) => dispatcher.dispatch(channel, payload, senderFrameOf(event)));
  }
  return () => {
    for (const channel of dispatcher.channels) ipcMain.removeHandler(channel);
  };
}

/** Forwards main → renderer events to one window while it lives. */
export function forwardEventsTo(contents: WebContents, events: WindowPush): () => void {
  const disconnect = events.connect((channel, payload) => {
    if (!contents.isDestroyed()) contents.send(channel, payload);
  });
  contents.once('destroyed', disconnect);
  return disconnect;
}
