import { AppError } from '@shared/errors';
import { pickedServiceIds } from '@shared/incidents/linked-create';
import { samePage, type LinkedGroup, type LinkedMember, type ServiceMap } from '@shared/incidents/linked-incidents';
import { withoutTranslations } from '@shared/incidents/linked-post';
import type { PageRef } from '@shared/incidents/page-prefs';
import { NO_ACCOUNT_REASON, type LinkedPostAccount } from './post-to-linked-pages';

/*
 * Use case: create one new incident on several pages, linked as one incident.
 * For whom: the window's incident editor with pages picked in "Also post to…" (through `linked.createOnAll`).
 * The command line has none: creating a linked incident (picking the pages, mapping their services) is done in
 * the window (docs/cli.md); the command line posts updates to the group it made (post-to-linked-pages).
 *
 * The page created from has its create queued first, by its editor (the window's own write); only then are the
 * others tried, each exactly once however often the user tries again (`queued`: what earlier tries queued;
 * `only`: "Try again for …"). Each other page gets one create through the outbox with its own account: the
 * picked services mapped to that page's own, without the translations of the title and of the first update
 * (each page has its own languages). A page refused is reported with why; the others go on, and each page
 * queued has its mapping remembered for next time. The group is recorded once two pages have their create
 * queued, also when another page failed; pages queued later join it. A group that could not be kept is said
 * so: every create stays queued, and the next try keeps it.
 */

/** An extra page the incident also goes to, and how the picked services map to its own. */
interface LinkedCreateTarget extends PageRef {
  map: ServiceMap;
}

/** The one create an extra page gets. */
interface LinkedPageCreate {
  accountId: string;
  operation: 'createIncident';
  input: { subdomain: string; incident: Record<string, unknown> };
}

/** A create in the outbox: its entry, and the temp id its incident has until it is sent. */
interface QueuedCreate {
  entryId: string;
  tempId: string;
}

/** What became of one extra page: queued (as the group's member), or failed (why, and the error). */
type LinkedCreateReport = { state: 'queued'; member: LinkedMember; entryId: string } | { state: 'failed'; page: PageRef; reason: string; error: unknown };

interface CreateOnLinkedPagesRequest {
  /** The page created from. */
  page: PageRef;
  /** The incident as built for `page`: its services and translations are that page's. */
  incident: Record<string, unknown>;
  targets: readonly LinkedCreateTarget[];
  /** The pages whose create is queued already, `page`'s among them (else nothing is tried): never twice. */
  queued: readonly LinkedMember[];
  /** The group an earlier try recorded, if any. */
  groupId: string | null;
  /** "Try again for …": that page only. */
  only?: PageRef | null;
}

interface CreateOnLinkedPagesResult {
  pages: LinkedCreateReport[];
  /** The group as kept now: null while only one page has its create queued, or when it could not be kept. */
  group: LinkedGroup | null;
  /** Why the group could not be kept, or null. */
  linkError: string | null;
}

interface CreateOnLinkedPagesPorts {
  /** The account configured on this computer by its id, or null when it is not any more. */
  accountOf(accountId: string): LinkedPostAccount | null;
  /** Queues one page's create (with its checks); throws when it is refused. */
  queue(write: LinkedPageCreate): Promise<QueuedCreate>;
  /** The group kept by that id, or null. */
  group(groupId: string): Promise<LinkedGroup | null>;
  record(group: { title: string; members: LinkedMember[] }): Promise<LinkedGroup>;
  addMembers(added: { groupId: string; members: LinkedMember[] }): Promise<LinkedGroup>;
  /** Remembers the services mapped between two pages. */
  saveMapping(mapping: { from: PageRef; to: PageRef; map: ServiceMap }): Promise<unknown>;
}

const HERE_NOT_QUEUED = "This page's incident is not queued yet: the other pages get theirs once it is.";

/** The picked services of the page created from, as another page's own: each mapped id once. */
function mappedServiceIds(picked: readonly number[], map: ServiceMap): number[] {
  return [...new Set(picked.flatMap((id) => map[String(id)] ?? []))];
}

/** The incident as another page gets it: its services mapped, no translations of the title or of the updates. */
function incidentForPage(incident: Record<string, unknown>, serviceIds: number[]): Record<string, unknown> {
  const { translations: _titleTranslations, updates, ...rest } = incident;
  return {
    ...rest,
    service_ids: serviceIds,
    ...(Array.isArray(updates) ? { updates: updates.map((update: Record<string, unknown>) => withoutTranslations(update)) } : {}),
  };
}

/** Creates the incident on each extra page still missing, in order, then keeps the group of every page queued. */
export async function createOnLinkedPages(request: CreateOnLinkedPagesRequest, ports: CreateOnLinkedPagesPorts): Promise<CreateOnLinkedPagesResult> {
  const { page, only } = request;
  if (!request.queued.some((member) => samePage(member, page))) throw new AppError('invalid_input', HERE_NOT_QUEUED);
  const queued = [...request.queued];
  const picked = pickedServiceIds(request.incident);
  const pages: LinkedCreateReport[] = [];
  for (const target of request.targets) {
    if (queued.some((member) => samePage(member, target)) || (only && !samePage(target, only))) continue;
    const to = { accountId: target.accountId, subdomain: target.subdomain };
    const account = ports.accountOf(target.accountId);
    if (!account) {
      pages.push({ state: 'failed', page: to, reason: NO_ACCOUNT_REASON, error: null });
      continue;
    }
    const serviceIds = mappedServiceIds(picked, target.map);
    try {
      const created = await ports.queue({
        accountId: account.id,
        operation: 'createIncident',
        input: { subdomain: target.subdomain, incident: incidentForPage(request.incident, serviceIds) },
      });
      const member = { ...to, incidentId: created.tempId, serviceIds };
      queued.push(member);
      pages.push({ state: 'queued', member, entryId: created.entryId });
    } catch (error) {
      pages.push({ state: 'failed', page: to, reason: error instanceof Error ? error.message : String(error), error });
      continue;
    }
    // A mapping not remembered only asks for it again next time.
    await ports.saveMapping({ from: page, to, map: target.map }).catch(() => undefined);
  }
  try {
    return { pages, group: await keepGroup(String(request.incident.title ?? ''), queued, request.groupId, ports), linkError: null };
  } catch (error) {
    return { pages, group: null, linkError: error instanceof Error ? error.message : String(error) };
  }
}

/** Records the group once two pages are queued, and adds the pages queued since to it. */
async function keepGroup(title: string, queued: LinkedMember[], groupId: string | null, ports: CreateOnLinkedPagesPorts): Promise<LinkedGroup | null> {
  const group = groupId === null ? null : await ports.group(groupId);
  if (group) {
    const missing = queued.filter((member) => !group.members.some((kept) => samePage(kept, member)));
    return missing.length === 0 ? group : ports.addMembers({ groupId: group.id, members: missing });
  }
  return queued.length >= 2 ? ports.record({ title, members: queued }) : null;
}
