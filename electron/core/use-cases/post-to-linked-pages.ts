import { liveMembers, samePage, type LinkedGroup, type LinkedMember } from '@shared/incidents/linked-incidents';
import { currentIdOf, memberState } from '@shared/incidents/linked-member-state';
import { withoutTranslations } from '@shared/incidents/linked-post';
import type { PageRef } from '@shared/incidents/page-prefs';
import type { OutboxEntryView } from '@shared/outbox/entry-view';

/*
 * Use case: post an update (or the resolve) of an incident to every page of its linked group.
 * For whom: the window's update editor with "every linked page" ticked (through `linked.postToAll`) and the
 * command line's `incidents update|resolve … --all-linked`; both call this, each with its own way to queue.
 *
 * Which pages: every member not deleted, the page posted from first, then the group's order. A page whose
 * create was discarded before it was sent has no such incident: it is skipped, and said so. Each page gets one
 * write through the outbox, with its own account, to the id its incident has now (a temp id while its create
 * waits: the outbox sends it after the create), without translations (each page has its own languages). A page
 * refused is reported with why; the others go on.
 */

/** The account a page's write is sent with. */
export interface LinkedPostAccount {
  id: string;
  name: string;
}

/** The one write a page of the group gets. */
export interface LinkedPageWrite {
  accountId: string;
  operation: 'addIncidentUpdate';
  input: { subdomain: string; incidentId: number | string; update: Record<string, unknown> };
}

interface PageReportBase {
  member: LinkedMember;
  /** The id the write names: the server id once its create was sent, else the temp id. */
  incidentId: number | string;
}

/** What became of one page: queued (with what the caller's queue answered), skipped (why), or failed (why, and the error). */
export type LinkedPageReport<R> =
  | (PageReportBase & { state: 'queued'; account: LinkedPostAccount; result: R })
  | (PageReportBase & { state: 'skipped'; reason: string })
  | (PageReportBase & { state: 'failed'; account: LinkedPostAccount | null; reason: string; error: unknown });

interface PostToLinkedPagesRequest {
  group: LinkedGroup;
  /** The page posted from: it goes first. */
  from: PageRef;
  /** Whether `from` gets its write here too (the window writes its own page itself, from its editor). */
  includeFrom: boolean;
  update: Record<string, unknown>;
  /** The outbox's entries; null when another process owns the outbox (temp ids go as they are, nothing is told dropped). */
  entries: readonly OutboxEntryView[] | null;
  /** Pages that have their write already (an earlier try): never twice. */
  done?: readonly PageRef[];
  /** "Try again for …": that page only. */
  only?: PageRef | null;
}

interface PostToLinkedPagesPorts<R> {
  /** The account configured on this computer by its id, or null when it is not any more. */
  accountOf(accountId: string): LinkedPostAccount | null;
  /** Queues (and, on the command line, sends) one page's write; throws when it is refused. */
  queue(write: LinkedPageWrite): Promise<R>;
}

const DROPPED_CREATE_REASON = 'its create was discarded before it was sent, so that page has no such incident';
export const NO_ACCOUNT_REASON = 'its account is no longer configured on this computer';

/** The members a post goes to, in order: the page posted from first, then the others; deleted ones never. */
function linkedTargets(group: LinkedGroup, from: PageRef): LinkedMember[] {
  const members = liveMembers(group);
  return [...members.filter((m) => samePage(m, from)), ...members.filter((m) => !samePage(m, from))];
}

/** Posts `update` to each page of the group, one write per page, in order; one report per page tried. */
export async function postToLinkedPages<R>(request: PostToLinkedPagesRequest, ports: PostToLinkedPagesPorts<R>): Promise<Array<LinkedPageReport<R>>> {
  const { entries, only } = request;
  const update = withoutTranslations(request.update);
  const reports: Array<LinkedPageReport<R>> = [];
  for (const member of linkedTargets(request.group, request.from)) {
    if (!request.includeFrom && samePage(member, request.from)) continue;
    if (request.done?.some((page) => samePage(page, member)) || (only && !samePage(member, only))) continue;
    const incidentId = entries === null ? member.incidentId : currentIdOf(member, entries);
    if (entries !== null && memberState(member, entries).state === 'dropped') {
      reports.push({ state: 'skipped', member, incidentId, reason: DROPPED_CREATE_REASON });
      continue;
    }
    const account = ports.accountOf(member.accountId);
    if (!account) {
      reports.push({ state: 'failed', member, incidentId, account: null, reason: NO_ACCOUNT_REASON, error: null });
      continue;
    }
    try {
      const result = await ports.queue({
        accountId: account.id,
        operation: 'addIncidentUpdate',
        input: { subdomain: member.subdomain, incidentId, update },
      });
      reports.push({ state: 'queued', member, incidentId, account, result });
    } catch (error) {
      reports.push({ state: 'failed', member, incidentId, account, reason: error instanceof Error ? error.message : String(error), error });
    }
  }
  return reports;
}
