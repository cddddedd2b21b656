import { computed, reactive, ref, watch } from 'vue';
import { entriesOfResource, mergeAdminList, type MergedAdminItem } from '@shared/admin/merged-list';
import { ADMIN_RESOURCES, type AdminResourceId } from '@shared/admin/resources';
import { scopeKey, scopeParams } from '@shared/admin/scope';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { useAttempt } from './use-attempt';
import { useAdminList } from '@/stores/admin-list';
import { useAdminScope } from '@/stores/admin-scope';
import { useOutboxStore } from '@/stores/outbox';
import { useListSearch } from './use-list-search';
import { useRowSelection } from './use-row-selection';

/** What a form dialog is doing: adding, editing a listed item, or fixing a write the server refused. */
type Editing = { mode: 'add' } | { mode: 'edit'; item: MergedAdminItem } | { mode: 'fix'; entry: OutboxEntryView };

/** The lists whose rows can be picked for bulk actions (delete; members also a role). */
const SELECTABLE: ReadonlySet<AdminResourceId> = new Set(['subscriptions', 'pageMembers', 'orgMembers']);

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Everything a resource section shares: its list for the current page or organization with the outbox merged
 * in, its failed writes, and the create / edit / delete / fix flows, all queued through the outbox.
 */
export function useAdminSection(resourceId: AdminResourceId) {
  const resource = ADMIN_RESOURCES[resourceId];
  const scopeStore = useAdminScope();
  const outbox = useOutboxStore();
  const list = useAdminList(resourceId);
  const scope = computed(() => (resource.scope === 'page' ? scopeStore.pageScope : scopeStore.orgScope));
  /** "page “acme”" or "organization 1", for headings and messages. */
  const where = computed(() => (resource.scope === 'page' ? `page “${scopeStore.subdomain}”` : `organization ${scopeStore.organizationId}`));

  watch(scope, (next) => next && list.show(next), { immediate: true });

  /** Writes sent whose item the list is still reading are not in it yet: keep showing them as on their way. */
  const entries = computed(() => {
    const awaiting = list.awaiting;
    return outbox.entries.map((entry) => (entry.state === 'sent' && awaiting[entry.id] ? { ...entry, state: 'in_flight' as const } : entry));
  });
  const current = computed(() => scope.value !== null && list.scope !== null && scopeKey(list.scope) === scopeKey(scope.value));
  const items = computed<MergedAdminItem[]>(() => (current.value && scope.value ? mergeAdminList(list.items, entries.value, resource, scope.value) : []));
  /** What is loaded, searched by any part as the user types; the rows picked among those shown. */
  const search = useListSearch(resource, () => list.items, items);
  const selection = useRowSelection(
    computed(() => search.shown),
    items,
  );
  // Another page or organization: its list starts unsearched, nothing picked.
  watch(
    () => (scope.value ? scopeKey(scope.value) : null),
    () => {
      search.set('');
      selection.clear();
    },
  );
  const problems = computed(() =>
    scope.value
      ? entriesOfResource(outbox.entries, resource, scope.value).filter((e) => e.state === 'failed' || e.state === 'conflict' || e.state === 'needs_look')
      : [],
  );

  /**
   * What a write is about, for its line among the refused changes: the `field` its body sets, else the listed
   * item it changes (named by `label`), else the noun and the item's id.
   */
  function writeLabel(entry: OutboxEntryView, field: string, label: (item: MergedAdminItem) => string, noun: string): string {
    const body = entry.input[resource.bodyKey];
    if (isRecord(body) && typeof body[field] === 'string') return body[field];
    const id = entry.input[resource.idParam];
    const item = items.value.find((i) => String(i.id) === String(id));
    return item ? label(item) : `${noun} ${String(id)}`;
  }

  const editing = ref<Editing | null>(null);
  const { busy: saving, failure: saveError, attempt: attemptSave } = useAttempt();
  const deleting = ref<MergedAdminItem | null>(null);
  // Retry, discard, resolve and delete: their failure shows over the list.
  const { failure: actionError, attempt } = useAttempt();

  /** The values a form starts from: the item, or the body of the refused write. */
  const initial = computed<Record<string, unknown> | null>(() => {
    const edit = editing.value;
    if (!edit || edit.mode === 'add') return null;
    if (edit.mode === 'edit') return edit.item;
    const body = edit.entry.input[resource.bodyKey];
    return isRecord(body) ? body : {};
  });
  /** What the form edits: fixing a refused create is still adding (fields fixed once made stay editable). */
  const formMode = computed<'add' | 'edit'>(() => {
    const edit = editing.value;
    return edit?.mode === 'edit' || (edit?.mode === 'fix' && edit.entry.operation !== resource.create) ? 'edit' : 'add';
  });

  function open(next: Editing) {
    saveError.value = null;
    // An item whose create the server refused is fixed by editing that create, not by queuing an edit after it.
    if (next.mode === 'edit' && next.item.pending && next.item.outbox?.state === 'failed') {
      const ids = next.item.outbox.entryIds;
      const create = outbox.entries.find((e) => e.operation === resource.create && e.state === 'failed' && ids.includes(e.id));
      if (create) {
        editing.value = { mode: 'fix', entry: create };
        return;
      }
    }
    editing.value = next;
  }

  function close() {
    editing.value = null;
  }

  async function save(body: Record<string, unknown>) {
    const edit = editing.value;
    const target = scope.value;
    if (!edit || !target) return;
    const saved = await attemptSave(async () => {
      if (edit.mode === 'add') {
        await outbox.enqueue({ accountId: target.accountId, operation: resource.create, input: { ...scopeParams(target), [resource.bodyKey]: body } });
      } else if (edit.mode === 'edit') {
        await queueEdit(edit.item, body);
      } else {
        await outbox.retry(edit.entry.id, { ...edit.entry.input, [resource.bodyKey]: body });
      }
    });
    if (saved) editing.value = null;
  }

  /** Queues an edit of a listed item (the form's, or a bulk change's). */
  async function queueEdit(item: MergedAdminItem, body: Record<string, unknown>) {
    const target = scope.value;
    if (!target) return;
    // The version edited, so a change made meanwhile on the server is held as a conflict, not overwritten.
    const baseUpdatedAt = !item.pending && typeof item.updated_at === 'string' ? item.updated_at : undefined;
    await outbox.enqueue({
      accountId: target.accountId,
      operation: resource.update,
      input: { ...scopeParams(target), [resource.idParam]: item.id, [resource.bodyKey]: body },
      ...(baseUpdatedAt ? { baseUpdatedAt } : {}),
    });
  }

  /** Queues the delete of a listed item (one confirmed, or each of a bulk delete). */
  async function queueDelete(item: MergedAdminItem) {
    const target = scope.value;
    if (!target) return;
    const create = item.pending ? outbox.entries.find((e) => e.operation === resource.create && item.outbox?.entryIds.includes(e.id)) : undefined;
    // Never sent: forgetting the create is the whole delete.
    if (create && create.state !== 'in_flight') await outbox.drop(create.id);
    else await outbox.enqueue({ accountId: target.accountId, operation: resource.remove, input: { ...scopeParams(target), [resource.idParam]: item.id } });
  }

  async function confirmDelete() {
    const item = deleting.value;
    if (!item || !scope.value) return;
    await attempt(() => queueDelete(item));
    deleting.value = null;
  }

  // reactive() so templates read section.items, section.editing, ... without .value.
  return reactive({
    resource,
    scope,
    where,
    list,
    items,
    search,
    selection,
    selectable: SELECTABLE.has(resourceId),
    problems,
    writeLabel,
    editing,
    initial,
    formMode,
    saving,
    saveError,
    deleting,
    actionError,
    open,
    close,
    save,
    confirmDelete,
    queueEdit,
    queueDelete,
    askDelete: (item: MergedAdminItem) => {
      deleting.value = item;
    },
    cancelDelete: () => {
      deleting.value = null;
    },
    retry: (entry: OutboxEntryView) => attempt(() => outbox.retry(entry.id)),
    discard: (entry: OutboxEntryView) => attempt(() => outbox.drop(entry.id)),
    resolve: (entry: OutboxEntryView, choice: 'keep_mine' | 'take_theirs') => attempt(() => outbox.resolveConflict(entry.id, choice)),
  });
}

export type AdminSection = ReturnType<typeof useAdminSection>;
