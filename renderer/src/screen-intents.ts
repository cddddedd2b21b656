import type { ProviderDraft } from '@shared/monitor/provider/draft-from-provider';

/**
 * What opening a screen may ask of it, per screen; `never` is a screen that is only ever opened. Every screen
 * is named (the navigation store indexes this by screen), so a new screen says what it can be asked.
 */
export interface ScreenIntents {
  /** A watched page scrolled to and opened, at one of its incidents (a notification, the tray, the history, a critical alert, the palette). */
  dashboard: { kind: 'show-page'; pageId: string; incidentId?: number };
  incidents:
    | { kind: 'new-incident' }
    | { kind: 'search' }
    /** "Draft incident on my page…": the incident editor of the chosen account's page, prefilled from a provider's incident. */
    | { kind: 'draft-from-provider'; accountId: string; providerName: string; draft: ProviderDraft };
  outbox: never;
  history: never;
  admin: never;
  settings: never;
  translation: never;
  operations: never;
}
