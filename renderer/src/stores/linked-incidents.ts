import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { pickedServiceIds } from '@shared/incidents/linked-create';
import { groupOf as findGroup, samePage, type LinkedGroup, type LinkedMember, type ServiceMap } from '@shared/incidents/linked-incidents';
import { currentIdOf, memberState, type LinkedMemberState } from '@shared/incidents/linked-member-state';
import { withoutTranslations } from '@shared/incidents/linked-post';
import type { PageRef } from '@shared/incidents/page-prefs';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { isTempId } from '@shared/outbox/temp-id';
import { api, call } from '@/api';
import { isQueued, LinkNotKeptError, PartialPostError, type LinkedPostProgress } from '@/lib/linked-post-progress';
import { useAccountsStore } from './accounts';
import { usePageWrites } from './page-writes';
import { useOutboxStore } from './outbox';

/** One extra page an incident is also posted to: the page and the services of the first page mapped to its own. */
export interface LinkedTarget extends PageRef {
  map: ServiceMap;
}

/** A member of a group as the window shows it: its page's name, its state in the outbox, the id to open it by. */
export interface MemberView {
  member: LinkedMember;
  pageName: string;
  state: LinkedMemberState;
  entry: OutboxEntryView | null;
  /** The server id once its create was sent, else the temp id. */
  openId: number | string;
  current: boolean;
}

/** What a queued write answered: the outbox entry and, for a create, the temp id the new incident has until it is sent. */
const tempIdOfResult = (result: unknown): string | null =>
  result !== null && typeof result === 'object' && 'tempId' in result && isTempId(result.tempId) ? result.tempId : null;

/**
 * Incidents linked across pages, as the main process keeps them (`linked-incidents.json`):
 * the groups, read once and followed while the window lives; the services mapped between two pages; and the
 * writes that go to several pages, which the core's use cases queue (one write per page): here only what an
 * editor already queued and what failed.
 */
export const useLinkedIncidents = defineStore('linkedIncidents', () => {
  const groups = ref<LinkedGroup[]>([]);
  let started = false;

  function start() {
    if (started) return;
    started = true;
    api().linked.onChange((next) => (groups.value = next));
    void call(api().linked.groups()).then((list) => (groups.value = list));
  }

  /** The other id the outbox knows an incident by: the server id of a temp id, or the temp id a server id had. */
  function otherIdOf(id: number | string): number | string | undefined {
    const entries = useOutboxStore().entries;
    if (isTempId(id)) return entries.find((e) => e.tempId === id && e.serverId !== undefined)?.serverId;
    return entries.find((e) => e.operation === 'createIncident' && e.serverId !== undefined && String(e.serverId) === String(id))?.tempId;
  }

  const groupOf = computed(
    () =>
      (page: PageRef | null, id: number | string): LinkedGroup | null =>
        page ? findGroup(groups.value, page, id, otherIdOf) : null,
  );

  /** Each member with its page's name and its state, the page shown first. */
  function membersOf(group: LinkedGroup, page: PageRef | null): MemberView[] {
    const entries = useOutboxStore().entries;
    const views = group.members.map((member) => {
      const { state, entry } = memberState(member, entries);
      return {
        member,
        pageName: pageNameOf(member),
        state,
        entry,
        openId: currentIdOf(member, entries),
        current: page !== null && samePage(member, page),
      };
    });
    return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
  }

  function mapping(from: PageRef, to: PageRef): Promise<ServiceMap> {
    return call(api().linked.mapping({ from, to }));
  }

  /** A page's name as the window shows it: the account's name and the page's subdomain. */
  function pageNameOf(page: PageRef): string {
    const account = useAccountsStore().accounts.find((a) => a.id === page.accountId);
    return account ? `${account.name} (${page.subdomain})` : page.subdomain;
  }

  /** The other pages an update of the group goes to: not the one shown, not one whose create was discarded or whose incident was deleted. */
  function othersOf(group: LinkedGroup, page: PageRef | null): MemberView[] {
    return membersOf(group, page).filter((view) => !view.current && view.state !== 'dropped' && view.state !== 'deleted');
  }

  /**
   * The same incident on this page and each extra page, exactly once per page however often it is tried
   * (`progress`: what this editor session already queued): this page's create first (`saveHere`; when it is
   * refused nothing is queued), then the core's create-on-linked-pages creates on each extra page still missing
   * (only `only` on "Try again for …") and keeps the group (`linked.createOnAll`). A page that failed is named
   * with why (`PartialPostError`), the others stay queued; a group not kept is said so (`LinkNotKeptError`).
   */
  async function createOnPages(options: {
    page: PageRef;
    body: Record<string, unknown>;
    targets: readonly LinkedTarget[];
    progress: LinkedPostProgress;
    saveHere: (body: Record<string, unknown>) => Promise<unknown>;
    only?: PageRef | null;
  }) {
    const { page, body, progress } = options;
    if (!isQueued(progress, page)) {
      const firstId = tempIdOfResult(await options.saveHere(body));
      // An answer without a temp id cannot be linked: the page has its incident, the others are not tried.
      if (firstId === null) return;
      progress.queued.push({ ...page, incidentId: firstId, serviceIds: pickedServiceIds(body) });
    }
    const failed = progress.failed.filter((f) => options.only && !samePage(f, options.only));
    const result = await call(
      api().linked.createOnAll({
        page,
        incident: body,
        targets: options.targets.map(({ accountId, subdomain, map }) => ({ accountId, subdomain, map })),
        queued: progress.queued,
        groupId: progress.groupId,
        only: options.only ?? null,
      }),
    );
    for (const outcome of result.pages) {
      const target = { accountId: outcome.accountId, subdomain: outcome.subdomain };
      if (outcome.state === 'queued') {
        progress.queued.push({ ...target, incidentId: outcome.incidentId, serviceIds: outcome.serviceIds });
        usePageWrites().noteQueued(target, 'createIncident', { incident: { title: body.title } }, outcome.entryId);
      } else failed.push({ ...target, pageName: pageNameOf(target), reason: outcome.reason });
    }
    progress.failed = failed;
    const group = result.group;
    if (group) {
      progress.groupId = group.id;
      groups.value = [...groups.value.filter((g) => g.id !== group.id), group];
    }
    if (result.linkError !== null) throw new LinkNotKeptError(result.linkError);
    if (failed.length > 0) throw new PartialPostError(failed, progress.queued.map(pageNameOf));
  }

  /**
   * An update (or the resolve) of the incident shown, and the same to the group's other pages, exactly once per
   * page across tries (`progress`). This page's write goes first (`saveHere`; refused, nothing is queued); the
   * core's post-to-linked-pages chooses the other pages and queues one write each (`linked.postToAll`).
   */
  async function postToAll(options: {
    group: LinkedGroup;
    page: PageRef;
    update: Record<string, unknown>;
    progress: LinkedPostProgress;
    saveHere: () => Promise<unknown>;
    only?: PageRef | null;
  }) {
    const { page, progress } = options;
    if (!isQueued(progress, page)) {
      await options.saveHere();
      const here = membersOf(options.group, page).find((view) => view.current);
      progress.queued.push({ ...page, incidentId: here?.openId ?? options.group.id, serviceIds: [] });
    }
    const failed = progress.failed.filter((f) => options.only && !samePage(f, options.only));
    const { pages } = await call(
      api().linked.postToAll({
        groupId: options.group.id,
        page,
        update: options.update,
        done: progress.queued.map(({ accountId, subdomain }) => ({ accountId, subdomain })),
        only: options.only ?? null,
      }),
    );
    const update = withoutTranslations(options.update);
    for (const outcome of pages) {
      const target = { accountId: outcome.accountId, subdomain: outcome.subdomain };
      if (outcome.state === 'queued') {
        progress.queued.push({ ...target, incidentId: outcome.incidentId, serviceIds: [] });
        if (outcome.entryId) usePageWrites().noteQueued(target, 'addIncidentUpdate', { incidentId: outcome.incidentId, update }, outcome.entryId);
      } else if (outcome.state === 'failed') failed.push({ ...target, pageName: pageNameOf(target), reason: outcome.reason ?? '' });
    }
    progress.failed = failed;
    if (failed.length > 0) throw new PartialPostError(failed, progress.queued.map(pageNameOf));
  }

  /** A page's incident was deleted (through the app, or found gone on the server): its group marks it so. */
  async function markDeleted(page: PageRef, incidentId: number | string) {
    const other = otherIdOf(incidentId);
    const incidentIds = other === undefined ? [incidentId] : [incidentId, other];
    try {
      await call(api().linked.markDeleted({ ...page, incidentIds }));
    } catch {
      // The deletion itself is queued or seen; a group not marked only keeps offering a page that has nothing.
    }
  }

  return { groups, start, groupOf, membersOf, othersOf, pageNameOf, mapping, createOnPages, postToAll, markDeleted };
});
