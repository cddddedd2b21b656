import type { Ref } from 'vue';
import type { PageRef } from '@shared/incidents/page-prefs';
import type { ConsoleEditor } from '@/components/incidents/console-editors';
import type { ConsoleKind } from '@/lib/console-item';
import type { LinkedSaveOptions } from '@/lib/linked-post-progress';
import { useLinkedIncidents } from '@/stores/linked-incidents';

/**
 * The console's editors of an incident linked to incidents of other pages: an added update or the resolve can
 * go to each other page too (its own write), and the editor names those pages. `page` is the page written to.
 */
export function useLinkedEditors(page: Ref<PageRef | null>, tab: Ref<ConsoleKind>) {
  const linked = useLinkedIncidents();

  /** The incident an added update or the resolve is written to, when it is linked to incidents of other pages. */
  function groupOf(editor: ConsoleEditor) {
    return editor.kind === 'update' && editor.mode !== 'edit' && tab.value === 'incidents' ? linked.groupOf(page.value, editor.item.id) : null;
  }

  /** The other pages' names, for "Post to all linked pages" (a page whose create was discarded has none). */
  function linkedPagesOf(editor: ConsoleEditor): string[] | undefined {
    const group = groupOf(editor);
    if (!group) return undefined;
    return linked.othersOf(group, page.value).map((view) => view.pageName);
  }

  function linkedRefsOf(editor: ConsoleEditor): PageRef[] | undefined {
    const group = groupOf(editor);
    return group ? linked.othersOf(group, page.value).map((view) => ({ accountId: view.member.accountId, subdomain: view.member.subdomain })) : undefined;
  }

  /** An update or the resolve of a linked incident goes to each other page too (its own write), when the editor says so. */
  function withLinked(editor: ConsoleEditor, save: (body: Record<string, unknown>) => Promise<unknown>) {
    const group = groupOf(editor);
    const here = page.value;
    if (!group || !here) return save;
    return async (body: Record<string, unknown>, options?: LinkedSaveOptions) => {
      if (!options?.allLinked) return save(body);
      // Each page once across tries: a retry after a page failed does not post here (or there) again.
      return linked.postToAll({ group, page: here, update: body, progress: options.progress, saveHere: () => save(body), only: options.only });
    };
  }

  return { linkedPagesOf, linkedRefsOf, withLinked };
}
