import type { Command } from 'commander';
import { AppError } from '@shared/errors';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxService } from '@core/outbox/outbox-service';
import { LookAlikeMayBeMine } from '@core/outbox/user-decisions';
import type { WriteOutcome } from './write-outcome';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';

type Run = (action: (ctx: CliContext, ...args: never[]) => Promise<void>) => (...args: unknown[]) => Promise<void>;

/*
 * Writes held for the user, settled from the command line as in the window:
 *   needs a look  a create of unknown outcome whose look-up found look-alikes it cannot tell from ours
 *                 (--mine-is <server id>: that one is mine; --send-mine: none is, send mine);
 *   conflict      an edit of an object changed on the server meanwhile (--keep-mine, --take-theirs).
 */

const short = (id: string) => id.slice(0, 8);

/** The look-alikes of a write that needs a look, one short phrase each: "#12 “Checkout down” (minor, services 1) made 2026-…". */
export function lookAlikesText(entry: Pick<OutboxEntryView, 'lookup'>): string {
  return (entry.lookup?.candidates ?? [])
    .map((c) => {
      const s = c.summary;
      const name = typeof s.title === 'string' ? s.title : typeof s.name === 'string' ? s.name : typeof s.description === 'string' ? s.description : '';
      const facts = [typeof s.type === 'string' ? s.type : null, Array.isArray(s.service_ids) ? `services ${s.service_ids.join(', ') || 'none'}` : null]
        .filter((f) => f !== null)
        .join(', ');
      const made = typeof s.inserted_at === 'string' ? ` made ${s.inserted_at}Z` : '';
      return `#${String(c.id)}${name ? ` “${name.slice(0, 60)}”` : ''}${facts ? ` (${facts})` : ''}${made}`;
    })
    .join('; ');
}

/** What to type next for a write that needs a look. */
export function resolveHint(id: string): string {
  return `statusdesk outbox resolve ${short(id)} --mine-is <id> | --send-mine`;
}

/** The error a command ends with when its write is held as "needs a look" (never "created #…" for someone else's). */
export function needsLookError(entry: OutboxEntryView): AppError {
  const several = entry.lookup?.reason === 'several';
  const why = several
    ? 'its outcome is unknown and the server shows several look-alikes made after it was sent'
    : 'its outcome is unknown; the server does not show it, only a look-alike made just before it was sent';
  return new AppError('conflict', `${why}: ${lookAlikesText(entry)}; held as "needs a look" ${short(entry.id)} (${resolveHint(entry.id)})`);
}

interface ResolveOptions {
  mineIs?: string;
  sendMine?: boolean;
  keepMine?: boolean;
  takeTheirs?: boolean;
  force?: boolean;
}

/** What the outbox commands share with this one (outbox.ts). */
interface ResolveDeps {
  withOutbox: <T>(ctx: CliContext, action: (outbox: OutboxService) => Promise<T>) => Promise<T>;
  findEntry: (outbox: OutboxService, idOrPrefix: string) => OutboxEntryView;
  /** How a write stands after a flush: sent, queued, or an error that says why not. */
  outcomeOf: (outbox: OutboxService, id: string) => Exclude<WriteOutcome, { state: 'handed_off' }>;
  queuedResult: (entry: OutboxEntryView) => { json: Record<string, unknown>; text: string };
  flushTimeoutMs: number;
}

/** Sends what the choice let go (this write, or, taken as sent, the writes queued behind it) and says how it ended. */
async function settle(outbox: OutboxService, entry: OutboxEntryView, deps: ResolveDeps): Promise<{ json: Record<string, unknown>; text: string }> {
  outbox.start();
  await outbox.flush({ accountIds: [entry.accountId], timeoutMs: deps.flushTimeoutMs, report: false });
  const outcome = deps.outcomeOf(outbox, entry.id);
  if (outcome.state === 'queued') return deps.queuedResult(outcome.entry);
  return { json: { state: 'sent', id: entry.id, result: outcome.entry.result ?? null }, text: `sent ${entry.id}` };
}

function choiceOf(options: ResolveOptions): 'mine' | 'send_mine' | 'keep_mine' | 'take_theirs' {
  const chosen = [
    options.mineIs !== undefined ? ('mine' as const) : null,
    options.sendMine ? ('send_mine' as const) : null,
    options.keepMine ? ('keep_mine' as const) : null,
    options.takeTheirs ? ('take_theirs' as const) : null,
  ].filter((c) => c !== null);
  if (chosen.length !== 1) {
    throw new CliUsageError('choose one: --mine-is <id> or --send-mine for a write that needs a look, --keep-mine or --take-theirs for a conflict');
  }
  return chosen[0]!;
}

async function resolveOne(outbox: OutboxService, entry: OutboxEntryView, options: ResolveOptions, deps: ResolveDeps) {
  const choice = choiceOf(options);
  if (choice === 'mine' || choice === 'send_mine') {
    if (entry.state !== 'needs_look') throw new CliUsageError(`write ${short(entry.id)} is ${entry.state.replace('_', ' ')}, not waiting for a look`);
    if (choice === 'send_mine') {
      try {
        await outbox.resolveLookup({ id: entry.id, choice, ...(options.force === true ? { force: true } : {}) });
      } catch (error) {
        // The core refuses; this says it with the flags that answer it.
        if (!(error instanceof LookAlikeMayBeMine)) throw error;
        throw new AppError(
          'conflict',
          `--send-mine refused: the look-alikes ${lookAlikesText(entry)} were stored after yours was sent, so one of them may be yours and sending yours again could make two; take yours with --mine-is <id>, or add --force to send yours anyway`,
        );
      }
      return settle(outbox, entry, deps);
    }
    const wanted = options.mineIs!.replace(/^#/, '');
    const candidate = entry.lookup?.candidates.find((c) => String(c.id) === wanted);
    if (!candidate) throw new CliUsageError(`--mine-is ${options.mineIs}: not one of its look-alikes (${lookAlikesText(entry)})`);
    const adopted = await outbox.resolveLookup({ id: entry.id, choice, candidateId: candidate.id });
    const after = await settle(outbox, adopted, deps);
    return {
      json: { ...after.json, adopted: candidate.id },
      text: `taken as yours: write ${short(entry.id)} is #${String(candidate.id)}${after.text.startsWith('sent') ? '' : `; ${after.text}`}`,
    };
  }
  if (entry.state !== 'conflict') throw new CliUsageError(`write ${short(entry.id)} is ${entry.state.replace('_', ' ')}, not in conflict`);
  const result = await outbox.resolveConflict(entry.id, choice);
  if (choice === 'take_theirs') return { json: { state: 'dropped', id: entry.id }, text: `dropped ${entry.id}: the server's version stays` };
  return settle(outbox, result.entry ?? entry, deps);
}

/** outbox resolve <id> (--mine-is <id> | --send-mine | --keep-mine | --take-theirs) */
export function registerOutboxResolve(outbox: Command, run: Run, deps: ResolveDeps): void {
  outbox
    .command('resolve')
    .description('settle a write held for you: one that needs a look (--mine-is, --send-mine) or a conflict (--keep-mine, --take-theirs)')
    .argument('<id>', 'the write id (or its first characters)')
    .option('--mine-is <id>', 'needs a look: that look-alike on the server is your write (taken as sent, with its id)')
    .option('--send-mine', 'needs a look: none of the look-alikes is yours; send yours')
    .option('--keep-mine', 'conflict: send your edit over the server version')
    .option('--take-theirs', 'conflict: drop your edit and keep the server version')
    .option('--force', 'with --send-mine: send yours even though a look-alike was stored after it was sent (may be yours)')
    .action(
      run(async (ctx, id: string, options: ResolveOptions) => {
        choiceOf(options);
        const result = await deps.withOutbox(ctx, (o) => resolveOne(o, deps.findEntry(o, id), options, deps));
        ctx.print.result(result.json, () => result.text);
      }),
    );
}
