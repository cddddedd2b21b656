import { z } from 'zod';
import { linkedMemberSchema, MAX_GROUP_MEMBERS, samePage, serviceMapSchema } from '@shared/incidents/linked-incidents';
import { pageRefSchema, type PageRef } from '@shared/incidents/page-prefs';
import type { LinkedTarget } from '@/stores/linked-incidents';
import { emptyProgress, type LinkedPostProgress } from '@/lib/linked-post-progress';

/*
 * The part of an editor's draft that is about other pages: the pages picked in "Also post
 * to…" with their services mapped, and which pages already got their write queued (so a retry after a reload
 * still sends only to the pages missing). Kept next to the editor's draft (its key and `#linked`), with the
 * same life: written while the draft is, dropped when it is saved, discarded or started over.
 */

const draftSchema = z.object({
  targets: z.array(pageRefSchema.extend({ map: serviceMapSchema })).max(MAX_GROUP_MEMBERS),
  queued: z.array(linkedMemberSchema).max(MAX_GROUP_MEMBERS),
  groupId: z.string().min(1).max(100).nullable(),
});

interface LinkedDraft {
  targets: LinkedTarget[];
  progress: LinkedPostProgress;
}

export const linkedDraftKey = (editorDraftKey: string): string => `${editorDraftKey}#linked`;

/**
 * The draft as stored, read with its schema: pages the user can no longer write to (`known` says no: an
 * account removed or without a key) are dropped from the picked ones; what was queued is kept, it was sent.
 * A draft that does not parse is removed and reads as none.
 */
export function loadLinkedDraft(key: string, known: (page: PageRef) => boolean, storage: Storage = localStorage): LinkedDraft | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const targets = parsed.data.targets.filter((target, index, all) => known(target) && all.findIndex((t) => samePage(t, target)) === index);
      return { targets, progress: { ...emptyProgress(), queued: parsed.data.queued, groupId: parsed.data.groupId } };
    }
  } catch {
    // Falls through: unreadable is the same as absent.
  }
  storage.removeItem(key);
  return null;
}

/** Nothing picked and nothing queued is no draft: the key is removed. */
export function saveLinkedDraft(key: string, draft: LinkedDraft, storage: Storage = localStorage): void {
  if (draft.targets.length === 0 && draft.progress.queued.length === 0) {
    storage.removeItem(key);
    return;
  }
  const { queued, groupId } = draft.progress;
  try {
    storage.setItem(key, JSON.stringify({ targets: draft.targets, queued, groupId }));
  } catch {
    // A full storage quota loses the draft, never the editor.
  }
}

export function clearLinkedDraft(key: string, storage: Storage = localStorage): void {
  storage.removeItem(key);
}
