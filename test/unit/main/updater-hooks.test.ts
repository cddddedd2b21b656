import type { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createElectronUpdater } from '../../../electron/main/updater';

// Electron-updater's appimage-filename-updated (an AppImage update that changed the file's
// name) reaches the hook the composition root hands the updater, which points start at login at the new file.

vi.mock('electron-updater', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const autoUpdater = Object.assign(new Emitter(), {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    logger: null as unknown,
    checkForUpdates: async () => ({ updateInfo: { version: '1.2.0' } }),
  });
  return { autoUpdater, NsisUpdater: class {} };
});

describe('createElectronUpdater hooks', () => {
  it('appimage-filename-updated calls appImageRenamed with the new file', async () => {
    const { autoUpdater } = (await import('electron-updater')) as unknown as { autoUpdater: EventEmitter };
    const appImageRenamed = vi.fn();
    const port = createElectronUpdater(() => undefined, { appImageRenamed });
    // Any check loads electron-updater and wires its events; what the check may deliver is the core's business.
    await (port.check as (delivery?: unknown) => Promise<void>)('install');
    autoUpdater.emit('appimage-filename-updated', '/home/ada/Apps/Statusdesk-1.2.0-x86_64.AppImage');
    expect(appImageRenamed).toHaveBeenCalledWith('/home/ada/Apps/Statusdesk-1.2.0-x86_64.AppImage');
  });
});
