import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '@shared/errors';
import { liveMembers, type LinkedGroup, type LinkedMember } from '@shared/incidents/linked-incidents';
import { currentIdOf, memberState } from '@shared/incidents/linked-member-state';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import { isTempId } from '@shared/outbox/temp-id';
import { LINKED_INCIDENTS_FILE_NAME, parseLinkedIncidents } from '@core/incidents/linked-incidents';
import { OutboxBusyError } from '@core/outbox/outbox-lock';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import { postToLinkedPages, type LinkedPageReport, type LinkedPageWrite } from '@core/use-cases/post-to-linked-pages';
import { queueWrite, WriteCheckError } from '@core/use-cases/queue-write';
import type { CliContext } from '../context';
import { EXIT, reasonOf } from '../output';
import type { RunAction } from '../run-action';
import { notSentResult, submitWrite, withOutbox, type WriteOutcome } from './outbox';
import { itemCommand } from './page-items';
import { checkReads, checkWords } from './checked-write';
import type { PageItem, PageItemKind } from './page-item-kind';
import { writeStateWords } from '@shared/people-words/write-state-words';
import { incidentIdsOf } from '@shared/outbox/same-write';

/*
 * One incident on several pages on the command line. The window creates the groups and owns
 * linked-incidents.json (it caches the file and rewrites it whole): a command only reads it, parsed as the store
 * parses it, and a missing or damaged file reads as "not linked" (the app sets a damaged one aside itself).
 * `incidents linked` shows a group; `update`/`resolve --all-linked` post one write per linked page through the
 * outbox, each page's own account, each page once.
 */

/** The groups kept by the app; none when the file is missing, unreadable or damaged (never written here). */
function readLinkedGroups(dataDir: string): LinkedGroup[] {
  try {
    const text = readTextIfPresentSync(path.join(dataDir, LINKED_INCIDENTS_FILE_NAME));
    return text === null ? [] : (parseLinkedIncidents(text)?.groups ?? []);
  } catch {
    return [];
  }
}

/** The outbox's entries; while another process owns the outbox, none and who holds it (the states are theirs to tell). */
async function outboxEntries(ctx: CliContext): Promise<{ entries: OutboxEntryView[] | null; heldBy: string }> {
  // No group kept: nothing to look up, and the outbox is not opened (nor created) for it.
  if (readLinkedGroups(ctx.dataDir).length === 0) return { entries: [], heldBy: '' };
  try {
    return { entries: await withOutbox(ctx, async (outbox) => outbox.list(), { waitMs: 0 }), heldBy: '' };
  } catch (error) {
    if (!(error instanceof OutboxBusyError)) throw error;
    const heldBy =
      error.holderRole === 'app'
        ? `the Statusdesk app (pid ${error.holderPid}) owns the outbox now: each write's state is on its Outbox screen`
        : `another statusdesk command (pid ${error.holderPid}) holds the outbox now: run this again once it is done for each write's state`;
    return { entries: null, heldBy };
  }
}

/** The group of a page's incident, with two incidents or more not deleted; null when it stands alone. */
async function findGroup(
  ctx: CliContext,
  subdomain: string,
  id: string,
  entries: readonly OutboxEntryView[],
): Promise<{ group: LinkedGroup; member: LinkedMember } | null> {
  const accountId = ctx.options.account ? (await ctx.account(subdomain))?.id : undefined;
  const ids = incidentIdsOf(subdomain, id, entries);
  for (const group of readLinkedGroups(ctx.dataDir)) {
    const member = group.members.find(
      (m) => m.subdomain === subdomain && (accountId === undefined || m.accountId === accountId) && ids.has(String(m.incidentId)),
    );
    if (member && liveMembers(group).length >= 2) return { group, member };
  }
  return null;
}

const notLinkedText = (subdomain: string, id: string) => `incident ${id} of ${subdomain} is not linked to other pages`;

/** `incidents linked <page> <id>`: the group, each page with its incident and its state. */
export function addLinkedCommand(incidents: Command, run: RunAction, kind: PageItemKind<PageItem>): void {
  itemCommand(incidents, 'linked', 'the pages this incident is also posted on (linked in the app), each with its state in the outbox', kind).action(
    run(async (ctx, subdomain: string, id: string) => {
      const { entries, heldBy } = await outboxEntries(ctx);
      const found = await findGroup(ctx, subdomain, id, entries ?? []);
      if (!found) {
        ctx.print.result({ linked: false, subdomain, incidentId: id, members: [] }, () => notLinkedText(subdomain, id));
        return;
      }
      const accounts = (await ctx.settings()).get().accounts;
      const members = found.group.members.map((m) => {
        const state = entries === null ? (m.deleted ? 'deleted' : null) : memberState(m, entries).state;
        return {
          subdomain: m.subdomain,
          account: accounts.find((a) => a.id === m.accountId)?.name ?? null,
          incidentId: entries === null ? m.incidentId : currentIdOf(m, entries),
          state: state === null ? 'unknown' : writeStateWords(state),
        };
      });
      const rows = members.map((m) => {
        const named = isTempId(m.incidentId) ? `temp id ${m.incidentId}` : `#${m.incidentId}`;
        return `  ${m.subdomain}${m.account ? ` (${m.account})` : ''}  ${named}  ${m.state}`;
      });
      ctx.print.result({ linked: true, title: found.group.title, members }, () =>
        [`“${found.group.title}” is posted on ${members.length} pages:`, ...rows, ...(heldBy ? [`  (${heldBy})`] : [])].join('\n'),
      );
    }),
  );
}

/** One page's line of a write to every linked page. */
interface PageResult {
  subdomain: string;
  incidentId: number | string;
  state: 'sent' | 'queued' | 'failed' | 'skipped';
  line: string;
  json: Record<string, unknown>;
}

/**
 * `update`/`resolve … --all-linked`: the core's post-to-linked-pages, each page's write submitted (queued and
 * sent) with its page's own account, each tried once: a page refused is reported with the command that retries
 * it alone, and the others stay as sent. Exit 1 when any page failed.
 */
export async function postToAllLinked(
  ctx: CliContext,
  subdomain: string,
  id: string,
  update: Record<string, unknown>,
  retryCommand: (member: { subdomain: string; incidentId: number | string; account: string | null }) => string,
): Promise<number> {
  const { entries } = await outboxEntries(ctx);
  const found = await findGroup(ctx, subdomain, id, entries ?? []);
  if (!found) throw new AppError('not_found', `${notLinkedText(subdomain, id)}: post to it without --all-linked`);
  const accounts = (await ctx.settings()).get().accounts;
  const reports = await postToLinkedPages(
    { group: found.group, from: found.member, includeFrom: true, update, entries },
    {
      accountOf: (accountId) => accounts.find((a) => a.id === accountId) ?? null,
      queue: (write) => submitPageWrite(ctx, write),
    },
  );
  const results = reports.map((report) => pageResult(report, retryCommand));
  const failed = results.filter((r) => r.state === 'failed').length;
  ctx.print.result({ title: found.group.title, pages: results.map((r) => ({ subdomain: r.subdomain, incidentId: r.incidentId, ...r.json })) }, () =>
    results.map((r) => r.line).join('\n'),
  );
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

/** A page's write refused: by its check before anything was kept, or by the server (then dropped from the outbox, or kept there). */
class PageWriteRefused extends Error {
  constructor(
    reason: string,
    readonly dropped: boolean,
  ) {
    super(reason);
  }
}

/** Checks one page's write (queue-write), queues it and sends it; a refusal is dropped from the outbox when nothing of it was applied. */
async function submitPageWrite(ctx: CliContext, write: LinkedPageWrite): Promise<WriteOutcome> {
  const writeId = randomUUID();
  try {
    return await queueWrite({ id: writeId, ...write }, { read: checkReads(ctx, write.input.subdomain), queue: (checked) => submitWrite(ctx, checked) });
  } catch (error) {
    if (error instanceof WriteCheckError) throw new PageWriteRefused(checkWords(error.finding), true);
    const dropped = await dropIfRefused(ctx, writeId);
    throw new PageWriteRefused(
      dropped ? `${reasonOf(error).replace(/ \(kept as failed write [^)]*\)$/, '')}, so nothing was sent or kept` : reasonOf(error),
      dropped,
    );
  }
}

/** One page's line (and JSON) of the report. */
function pageResult(report: LinkedPageReport<WriteOutcome>, retryCommand: Parameters<typeof postToAllLinked>[4]): PageResult {
  const { member, incidentId } = report;
  const head = `${member.subdomain} ${isTempId(incidentId) ? `temp id ${incidentId}` : `#${incidentId}`}`;
  if (report.state === 'skipped') {
    return {
      subdomain: member.subdomain,
      incidentId,
      state: 'skipped',
      line: `${head}: skipped: ${report.reason}`,
      json: { state: 'skipped', reason: report.reason },
    };
  }
  if (report.state === 'failed') {
    const retry = retryCommand({ subdomain: member.subdomain, incidentId, account: report.account?.name ?? null });
    // A write kept in the outbox (a conflict, one waiting behind another) is settled there: posting again would post twice.
    const kept = report.error instanceof PageWriteRefused && !report.error.dropped;
    return {
      subdomain: member.subdomain,
      incidentId,
      state: 'failed',
      line: kept
        ? `${head}: failed: ${report.reason}; it stays in the outbox, so do not post it again`
        : `${head}: failed: ${report.reason}; retry this page alone: ${retry}`,
      json: { state: 'failed', reason: report.reason, ...(kept ? { kept: true } : { retry }) },
    };
  }
  const outcome = report.result;
  if (outcome.state === 'sent') {
    const posted = outcome.object as { id?: number } | null;
    const finalId = (outcome.entry.input.incidentId as number | string | undefined) ?? incidentId;
    return {
      subdomain: member.subdomain,
      incidentId: finalId,
      state: 'sent',
      line: `${member.subdomain} #${finalId}: sent${posted?.id === undefined ? '' : ` (update #${posted.id})`}`,
      json: { state: 'sent', id: outcome.entry.id, update: posted },
    };
  }
  // Not sent yet, or queued or sent already by an earlier run of this command (not posted again).
  const queued = notSentResult(outcome);
  return {
    subdomain: member.subdomain,
    incidentId,
    state: outcome.state === 'already' ? 'skipped' : 'queued',
    line: `${head}: ${queued.text}`,
    json: queued.json,
  };
}

/**
 * A page's write the server refused was not applied: it is taken out of the outbox again, so the one way to post
 * it is the command the report gives (a failed write left behind could be retried as well, and post twice).
 * False when it is kept: not refused (a conflict, one waiting behind another), never queued, or held elsewhere.
 */
async function dropIfRefused(ctx: CliContext, id: string): Promise<boolean> {
  try {
    return await withOutbox(
      ctx,
      async (outbox) => {
        if (outbox.get(id)?.state !== 'failed') return false;
        await outbox.drop(id);
        return true;
      },
      { waitMs: 0 },
    );
  } catch {
    return false;
  }
}

/** An argument as a shell reads it back: quoted when it holds anything but plain characters. */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
