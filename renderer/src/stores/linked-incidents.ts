import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { groupOf as findGroup, samePage, type LinkedGroup, type LinkedMember, type ServiceMap } from '@shared/incidents/linked-incidents';
import { currentIdOf, memberState, type LinkedMemberState } from '@shared/incidents/linked-member-state';
import type { PageRef } from '@shared/incidents/page-prefs';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { isTempId } from '@shared/outbox/temp-id';
import { api, call } from '@/api';
import { useAccountsStore } from './accounts';
import { useIncidentsStore } from './incidents';
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
 * Incidents linked across pages (issue 30, item 2), as the main process keeps them (`linked-incidents.json`):
 * the groups, read once and followed while the window lives; the services mapped between two pages; and the
 * writes that go to every page of a group, each page's through the outbox as its own write.
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
    const accounts = useAccountsStore().accounts;
    const views = group.members.map((member) => {
      const account = accounts.find((a) => a.id === member.accountId);
      const { state, entry } = memberState(member, entries);
      return {
        member,
        pageName: account ? `${account.name} (${member.subdomain})` : member.subdomain,
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

  /**
   * The same incident on each extra page, after the first page's create was queued (`first`: what it answered):
   * one create per page, with the services mapped, then the group is recorded. Translations stay on the first
   * page (each page has its own languages). A page whose create cannot be queued is named; the others are linked.
   */
  async function postCopies(page: PageRef, first: unknown, body: Record<string, unknown>, targets: readonly LinkedTarget[]) {
    const firstId = tempIdOfResult(first);
    if (firstId === null || targets.length === 0) return;
    const incidents = useIncidentsStore();
    const accounts = useAccountsStore().accounts;
    const picked = Array.isArray(body.service_ids) ? body.service_ids.filter((id): id is number => typeof id === 'number') : [];
    const members: LinkedMember[] = [{ ...page, incidentId: firstId, serviceIds: picked }];
    const refused: string[] = [];
    for (const target of targets) {
      const serviceIds = [...new Set(picked.flatMap((id) => target.map[String(id)] ?? []))];
      const { translations: _titleTranslations, updates, ...rest } = body;
      const copy = {
        ...rest,
        service_ids: serviceIds,
        ...(Array.isArray(updates) ? { updates: updates.map((u: Record<string, unknown>) => withoutTranslations(u)) } : {}),
      };
      try {
        const account = accounts.find((a) => a.id === target.accountId && a.subdomain === target.subdomain);
        const queued = await incidents.queueOn(account, 'createIncident', { incident: copy });
        const incidentId = tempIdOfResult(queued);
        if (incidentId !== null) members.push({ accountId: target.accountId, subdomain: target.subdomain, incidentId, serviceIds });
        void call(api().linked.saveMapping({ from: page, to: { accountId: target.accountId, subdomain: target.subdomain }, map: target.map })).catch(
          () => undefined,
        );
      } catch (error) {
        refused.push(`${target.subdomain} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    if (members.length >= 2) groups.value = [...groups.value, await call(api().linked.record({ title: String(body.title ?? ''), members }))];
    if (refused.length > 0) throw new Error(`The incident was queued for this page, but not for ${refused.join(', ')}.`);
  }

  /**
   * An update (or the resolve) of the incident shown, posted to the group's other pages too: one write per page,
   * to the id its incident has now (a temp id while its create waits: the outbox sends it after the create). A
   * page whose create was discarded gets none.
   */
  async function postToOthers(group: LinkedGroup, page: PageRef, update: Record<string, unknown>) {
    const incidents = useIncidentsStore();
    const accounts = useAccountsStore().accounts;
    const refused: string[] = [];
    for (const view of membersOf(group, page)) {
      if (view.current || view.state === 'dropped') continue;
      const account = accounts.find((a) => a.id === view.member.accountId && a.subdomain === view.member.subdomain);
      try {
        await incidents.queueOn(account, 'addIncidentUpdate', { incidentId: view.openId, update: withoutTranslations(update) });
      } catch (error) {
        refused.push(`${view.member.subdomain} (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    if (refused.length > 0) throw new Error(`Queued for this page, but not for ${refused.join(', ')}.`);
  }

  return { groups, start, groupOf, membersOf, mapping, postCopies, postToOthers };
});

function withoutTranslations(update: Record<string, unknown>): Record<string, unknown> {
  const { translations: _translations, ...rest } = update;
  return rest;
}
