import type { TrayAction, TrayIconState, TrayModel } from '@shared/monitor/tray';

/** A menu entry in the shape Electron's Menu.buildFromTemplate takes, without importing Electron. */
interface MenuTemplateItem {
  label?: string;
  type?: 'normal' | 'separator';
  enabled?: boolean;
  click?: () => void;
}

interface TrayMenuHandlers {
  openPage: (pageId: string) => void;
  run: (action: TrayAction, durationMs?: number) => void;
}

const STATE_MARK: Record<TrayIconState, string> = {
  operational: '●',
  maintenance: '◐',
  minor: '▲',
  major: '✖',
  stale: '○',
};

/**
 * The menu before the monitor's first model: Open and Quit. Some Linux trays show nothing, not even the icon's
 * click, without a menu, so the app must be reachable (and quittable) from the first moment.
 */
export function initialTrayMenu(handlers: Pick<TrayMenuHandlers, 'run'>): MenuTemplateItem[] {
  return [
    { label: 'Open Statusdesk', click: () => handlers.run('open') },
    { type: 'separator' },
    { label: 'Quit Statusdesk', click: () => handlers.run('quit') },
  ];
}

/** Maps the tray model to a menu template: each page with its level (a click opens it), then the actions. */
export function trayMenuTemplate(model: TrayModel, handlers: TrayMenuHandlers): MenuTemplateItem[] {
  return model.menu.map((item): MenuTemplateItem => {
    if (item.kind === 'separator') return { type: 'separator' };
    if (item.kind === 'page') {
      return {
        // The model's label already says the page, its state and whether it is muted; the mark adds the shape.
        label: `${STATE_MARK[item.state]} ${item.label}`,
        click: () => handlers.openPage(item.pageId),
      };
    }
    return { label: item.label, click: () => handlers.run(item.action, item.durationMs) };
  });
}

/**
 * The icon file for a state; `@2x` variants sit beside them for high-density screens. On macOS the menu bar
 * takes template images (the name ends in Template), which the system tints for light and dark bars.
 */
export function trayIconFile(state: TrayIconState, platform: NodeJS.Platform = 'linux'): string {
  return platform === 'darwin' ? `tray-${state}Template.png` : `tray-${state}.png`;
}
