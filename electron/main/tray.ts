import path from 'node:path';
import { Menu, nativeImage, Tray } from 'electron';
import type { TrayAction, TrayModel } from '@shared/monitor/tray';
import { initialTrayMenu, trayIconFile, trayMenuTemplate } from '@core/desktop/tray-menu';

interface TrayController {
  update(model: TrayModel): void;
  destroy(): void;
}

/** The tray icon: its image, tooltip and menu follow the monitor's tray model. */
export function createTray(
  iconsDir: string,
  handlers: { openPage: (pageId: string) => void; run: (action: TrayAction, durationMs?: number) => void; open: () => void },
): TrayController {
  const imageFor = (model: TrayModel) => nativeImage.createFromPath(path.join(iconsDir, trayIconFile(model.icon, process.platform)));
  const tray = new Tray(nativeImage.createFromPath(path.join(iconsDir, trayIconFile('stale', process.platform))));
  tray.setToolTip('Statusdesk: checking…');
  tray.setContextMenu(Menu.buildFromTemplate(initialTrayMenu(handlers)));
  tray.on('click', handlers.open);
  let last = '';
  return {
    update(model) {
      // Rebuilding the menu on every push is wasteful and makes an open menu flicker on some platforms.
      const key = JSON.stringify(model);
      if (key === last || tray.isDestroyed()) return;
      last = key;
      tray.setImage(imageFor(model));
      tray.setToolTip(model.tooltip);
      tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(model, handlers)));
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
