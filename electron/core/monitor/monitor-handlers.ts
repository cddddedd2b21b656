import type { DesktopPrefs } from '@shared/desktop/desktop-prefs';
import type { DesktopPrefsFeature } from '@core/desktop/desktop-prefs-feature';
import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import { readProviderParts } from '@core/monitor/read-provider-parts';
import type { MonitorFeature } from './monitor-feature';
import { CHECK_TIMEOUT_MS } from './page-check';

export function monitorHandlers(monitor: MonitorFeature): GroupHandlers<IpcContract, 'monitor'> {
  return {
    'monitor.snapshot': () => monitor.snapshot(),
    'monitor.pageDetail': ({ pageId }) => monitor.pageDetail(pageId),
    'monitor.pages': () => monitor.pages(),
    'monitor.addPage': (input) => monitor.addPage(input),
    'monitor.checkPage': (input) => monitor.checkPage(input),
    'monitor.updatePage': (change) => monitor.updatePage(change),
    // Read once, as Watch a page checks a page: nothing is watched or kept.
    'monitor.providerParts': async ({ url, format, name }) => {
      const found = await readProviderParts(url, format ?? null, { timeoutMs: CHECK_TIMEOUT_MS, ...(name ? { name } : {}) });
      return { format: found.format, choices: found.choices };
    },
    'monitor.removePage': async ({ id }) => ({ removed: await monitor.removePage(id) }),
    'monitor.pollNow': async (request) => ({ polled: await monitor.pollNow(request?.pageId) }),
    'monitor.incident': ({ pageId, incidentId }) => monitor.incident(pageId, incidentId),
    'monitor.followIncident': ({ pageId, incidentId, follow }) => monitor.follow(pageId, incidentId, follow),
    'monitor.history': (query) => monitor.history(query ?? {}),
    'monitor.clearHistory': async () => ({ cleared: await monitor.clearHistory() }),
  };
}

export function notificationHandlers(monitor: MonitorFeature): GroupHandlers<IpcContract, 'notifications'> {
  return {
    'notifications.prefs': () => monitor.prefs(),
    'notifications.setPrefs': (change) => monitor.setPrefs(change),
    'notifications.pause': ({ minutes }) => monitor.pauseNotifications(minutes),
    'notifications.resume': () => monitor.resumeNotifications(),
  };
}

export function desktopHandlers(desktop: DesktopPrefsFeature, setLoginItem: ((enabled: boolean) => void) | undefined): GroupHandlers<IpcContract, 'desktop'> {
  return {
    'desktop.prefs': () => desktop.prefs(),
    'desktop.setPrefs': (change): DesktopPrefs => {
      // The system's login item first: when it cannot be set, the saved choice stays what the system does.
      if (change.startAtLogin !== undefined) setLoginItem?.(change.startAtLogin);
      return desktop.setPrefs(change);
    },
    'desktop.appearance': () => desktop.appearance(),
    'desktop.setAppearance': (change) => desktop.setAppearance(change),
  };
}
