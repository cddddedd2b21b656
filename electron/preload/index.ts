import { contextBridge, ipcRenderer } from 'electron';
import { buildApi, type ChannelDescriptor } from '@shared/ipc/define';

/** Inlined at build time from the IPC contract (electron.vite.config.ts). */
declare const __STATUSDESK_CHANNELS__: ChannelDescriptor[];

/**
 * The only bridge between the page and the main process: one method per contract channel. Event listeners
 * receive the payload only, never the IPC event (which would expose `sender`).
 */
const api = buildApi(__STATUSDESK_CHANNELS__, {
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  subscribe: (channel, listener) => {
    const handler = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
});

contextBridge.exposeInMainWorld('api', api);
