import type { IpcContract } from '@shared/ipc/contract';
import type { GroupHandlers } from '@core/ipc/dispatcher';
import type { TranslationAppService } from './translation-app-service';

export function translationHandlers(translation: TranslationAppService): GroupHandlers<IpcContract, 'translation'> {
  return {
    'translation.languages': (request) => translation.languages({ refresh: request?.refresh === true }),
    'translation.isSupported': async ({ from, to }) => ({ supported: await translation.isSupported(from, to) }),
    'translation.translate': (request) => translation.translate(request),
    'translation.totals': () => translation.totals(),
    'translation.health': () => translation.health(),
    'translation.history': async () => ({ entries: await translation.history() }),
    'translation.clearHistory': async () => ({ cleared: await translation.clearHistory() }),
    'translation.getSettings': () => translation.settings(),
    'translation.setSettings': (change) => translation.updateSettings(change),
    'translation.keyStatus': () => translation.keyStatus(),
    'translation.setKey': ({ key, sessionOnly, check }) => translation.setKey(key, { sessionOnly: sessionOnly === true, check: check === true }),
    'translation.removeKey': () => translation.keys.remove(),
  };
}
