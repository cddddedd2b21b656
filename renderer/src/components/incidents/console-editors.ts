import type { ProviderDraft } from '@shared/monitor/provider/draft-from-provider';
import type { MergedUpdate } from '@shared/outbox/merged-view';
import type { ConsoleItem, ConsoleKind } from '@/lib/console-item';
import type { useIncidentsStore } from '@/stores/incidents';
import { NEW_INCIDENT, updateDraftName } from './editor-draft';

/** An editor the Incidents screen opens: a new or edited incident or notice, or an added, edited or resolving update. */
export type ConsoleEditor =
  | { kind: 'incident'; mode: 'create' | 'edit'; item: ConsoleItem | null; draftOf?: { providerName: string; draft: ProviderDraft } }
  | { kind: 'notice'; mode: 'create' | 'edit'; item: ConsoleItem | null }
  | { kind: 'update'; mode: 'add' | 'edit' | 'resolve'; item: ConsoleItem; update: MergedUpdate | null };

/** What an editor writes, naming the draft it keeps until saved or discarded (the dashboard's Post update shares one). */
export function draftNameOf(editor: ConsoleEditor, tab: ConsoleKind): string {
  if (editor.kind === 'update') return updateDraftName(tab, editor.mode, editor.item.id, editor.update?.id);
  if (editor.mode === 'edit' && editor.item) return `${editor.kind}-edit:${editor.item.id}`;
  if (editor.kind === 'incident' && editor.draftOf) return `incident-from:${editor.draftOf.providerName}:${editor.draftOf.draft.title}`;
  return editor.kind === 'incident' ? NEW_INCIDENT : 'notice-create';
}

/** What an editor's Save queues: a new item or an edit of the open one, a new update or an edit of one. */
export function saveOf(
  store: ReturnType<typeof useIncidentsStore>,
  editor: ConsoleEditor,
  tab: ConsoleKind,
): (body: Record<string, unknown>) => Promise<unknown> {
  if (editor.kind === 'update') {
    const { item, update } = editor;
    return editor.mode === 'edit' && update ? (body) => store.changeUpdate(tab, item, update, body) : (body) => store.addUpdate(tab, item, body);
  }
  const { item } = editor;
  const of = editor.kind === 'incident' ? 'incidents' : 'notices';
  return editor.mode === 'create' || !item ? (body) => store.createItem(of, body) : (body) => store.updateItem(of, item, body);
}
