import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { IncidentPageStore } from './incident-page-store';

export function incidentPageHandlers(store: IncidentPageStore): GroupHandlers<IpcContract, 'incidents'> {
  return {
    'incidents.pagePrefs': (page) => store.get(page),
    'incidents.saveTemplate': ({ name, content, ...page }) => store.saveTemplate(page, name, content),
    'incidents.renameTemplate': ({ id, name, ...page }) => store.renameTemplate(page, id, name),
    'incidents.deleteTemplate': ({ id, ...page }) => store.deleteTemplate(page, id),
    'incidents.rememberLanguages': ({ languages, ...page }) => store.rememberLanguages(page, languages),
  };
}
