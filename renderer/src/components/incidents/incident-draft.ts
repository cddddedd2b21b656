import { z } from 'zod';
import type { PageRef } from '@shared/incidents/page-prefs';
import type { IncidentFormValues } from './incident-form';

/*
 * The New incident editor's unsaved text, per page, in the renderer's localStorage. A draft is view state
 * written on every keystroke: localStorage takes it synchronously (nothing lost to a reload or a crash a
 * moment later), keeps it in the app's profile across restarts, and costs no IPC round trip per key. Nothing
 * else reads it (the command line has no editor), and it is never sent anywhere until the user saves.
 */

const PREFIX = 'statusdesk.incident-draft.v1:';

const draftSchema = z.object({
  savedAt: z.number(),
  values: z.object({
    title: z.string().max(10_000),
    type: z.string().max(200),
    serviceIds: z.array(z.number().int()).max(1_000),
    updateType: z.string().max(200),
    description: z.string().max(100_000),
    notify: z.boolean(),
    startsAt: z.string().max(100),
    endsAt: z.string().max(100),
    translations: z.record(z.string().max(20), z.record(z.string().max(40), z.string().max(100_000))),
  }),
});

export interface IncidentDraft {
  savedAt: number;
  values: IncidentFormValues;
}

const keyOf = (page: PageRef) => `${PREFIX}${page.accountId}|${page.subdomain}`;

/** The page's draft; one that does not parse (an older format, a hand edit) is dropped, not shown half. */
export function loadDraft(page: PageRef, storage: Storage = localStorage): IncidentDraft | null {
  const text = storage.getItem(keyOf(page));
  if (text === null) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through: unreadable is the same as absent.
  }
  storage.removeItem(keyOf(page));
  return null;
}

export function saveDraft(page: PageRef, values: IncidentFormValues, now = Date.now(), storage: Storage = localStorage): void {
  try {
    storage.setItem(keyOf(page), JSON.stringify({ savedAt: now, values }));
  } catch {
    // A full storage quota loses the draft, never the editor: the typed text is still on screen.
  }
}

export function clearDraft(page: PageRef, storage: Storage = localStorage): void {
  storage.removeItem(keyOf(page));
}
