import { z } from 'zod';
import type { PageRef } from '@shared/incidents/page-prefs';

/*
 * An editor's unsaved text, per page and per thing being written (a new incident, an update to incident 12,
 * an edit of notice 7…), in the renderer's localStorage. A draft is view state written on every keystroke:
 * localStorage takes it synchronously (nothing lost to a reload, a crash or a closed window a moment later),
 * keeps it in the app's profile across restarts, and costs no IPC round trip per key. Nothing else reads it
 * (the command line has no editor), and it is never sent anywhere until the user saves.
 */

/** The New incident draft keeps the key it has had since drafts began, so a draft from before survives. */
const LEGACY_PREFIX = 'statusdesk.incident-draft.v1:';
const PREFIX = 'statusdesk.editor-draft.v1:';
/** What a New incident editor writes; its draft has the legacy key. */
export const NEW_INCIDENT = 'incident-create';

const fieldSchema = z.union([
  z.string().max(100_000),
  z.boolean(),
  z.array(z.number().int()).max(1_000),
  z.record(z.string().max(20), z.record(z.string().max(40), z.string().max(100_000))),
]);
const draftSchema = z.object({ savedAt: z.number(), values: z.record(z.string().max(40), fieldSchema) });

interface EditorDraft<Values extends object> {
  savedAt: number;
  values: Values;
}

/** What an update editor writes, naming its draft: the Incidents screen and the dashboard's Post update share it. */
export function updateDraftName(kind: 'incidents' | 'notices', mode: 'add' | 'edit' | 'resolve', itemId: string | number, updateId?: string | number | null) {
  const noun = kind === 'incidents' ? 'update' : 'notice-update';
  return `${noun}-${mode}:${itemId}${mode === 'edit' && updateId !== undefined && updateId !== null ? `:${updateId}` : ''}`;
}

export function draftKey(page: PageRef, what: string): string {
  return what === NEW_INCIDENT ? `${LEGACY_PREFIX}${page.accountId}|${page.subdomain}` : `${PREFIX}${page.accountId}|${page.subdomain}|${what}`;
}

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * The draft laid over what the editor opens with: only fields the editor has, of the same kind, are taken.
 * A draft that does not parse (an older format, a hand edit) is dropped, not shown half.
 */
export function loadDraft<Values extends object>(key: string, blank: Values, storage: Storage = localStorage): EditorDraft<Values> | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const values: Record<string, unknown> = { ...(blank as Record<string, unknown>) };
      for (const [field, value] of Object.entries(parsed.data.values)) {
        if (field in values && kindOf(values[field]) === kindOf(value)) values[field] = value;
      }
      return { savedAt: parsed.data.savedAt, values: values as Values };
    }
  } catch {
    // Falls through: unreadable is the same as absent.
  }
  storage.removeItem(key);
  return null;
}

export function saveDraft(key: string, values: object, now = Date.now(), storage: Storage = localStorage): void {
  try {
    storage.setItem(key, JSON.stringify({ savedAt: now, values }));
  } catch {
    // A full storage quota loses the draft, never the editor: the typed text is still on screen.
  }
}

export function clearDraft(key: string, storage: Storage = localStorage): void {
  storage.removeItem(key);
}
