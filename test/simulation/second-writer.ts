import type { OutboxService } from '../../electron/core/outbox/outbox-service';
import type { StatusPageSimulator } from '../../simulators/statuspal';

/*
 * The world besides our outbox, for the write-path simulation: a colleague who writes look-alikes of
 * our incidents on the web dashboard (in-process on the simulator, so never in the write log the invariants
 * read), and the user who answers the outbox's "needs a look" as a careful person would: they know which
 * incident is theirs.
 */

export const COLLEAGUE_VARIANTS = ['other services', 'other type', 'identical, earlier'] as const;
export type ColleagueVariant = (typeof COLLEAGUE_VARIANTS)[number];

/** How long before our send the colleague's identical incident is made: past the look-up's skew margin, within its near-miss window. */
const EARLIER_MS = 30_000;

/** Our incidents are minor ones on service 2, with this first message. */
export const OUR_SERVICES = [2];
export const openedText = (title: string) => `${title} opened`;

/**
 * A colleague's look-alike of one of our creates, on the server as it keeps text (tidy):
 * - other services, other type: made at once, whenever the step falls (before our send, between a cut-off
 *   attempt and its look-up, after): never to be taken for ours;
 * - identical, earlier: made for our next create, then time passes before anything else happens, so it predates
 *   our send: never to be taken for ours silently either. (Identical and after our send is the look-up's
 *   documented limit, with no idempotency key to tell: not simulated.)
 */
export async function colleagueWrites(sim: StatusPageSimulator, variant: ColleagueVariant, title: string): Promise<void> {
  const message = openedText(title);
  if (variant === 'other services') sim.openIncident({ page: 'acme', type: 'minor', title, services: [1], message });
  else if (variant === 'other type') sim.openIncident({ page: 'acme', type: 'major', title, services: OUR_SERVICES, message });
  else {
    sim.openIncident({ page: 'acme', type: 'minor', title, services: OUR_SERVICES, message });
    await new Promise((resolve) => setTimeout(resolve, EARLIER_MS));
  }
}

export interface LookupStats {
  /** Writes the outbox put to the user ("needs a look"). */
  asked: number;
  /** …of which a colleague's incident was among the candidates (the question was needed). */
  withColleague: number;
  /** …of which every candidate was one of ours (a question the outbox could have spared). */
  ownOnly: number;
  /** Answers: It is mine / Send mine. */
  itIsMine: number;
  sendMine: number;
}

export const noLookups = (): LookupStats => ({ asked: 0, withColleague: 0, ownOnly: 0, itIsMine: 0, sendMine: 0 });

export function addLookups(into: LookupStats, more: LookupStats): void {
  for (const key of Object.keys(into) as (keyof LookupStats)[]) into[key] += more[key];
}

/**
 * Answers every write held as "needs a look": "It is mine" on the candidate the server's write log shows was made
 * by our create (same title as sent), "Send mine" when none was. Returns how many it answered.
 */
export async function answerLookups(sim: StatusPageSimulator, outbox: OutboxService, stats: LookupStats): Promise<number> {
  const held = outbox.list().filter((e) => e.state === 'needs_look');
  for (const entry of held) {
    const ours = new Set(madeBy(sim, entry).map(String));
    const candidates = entry.lookup?.candidates ?? [];
    const mine = candidates.find((c) => ours.has(String(c.id)));
    stats.asked++;
    if (candidates.some((c) => !ours.has(String(c.id)))) stats.withColleague++;
    else stats.ownOnly++;
    if (mine) {
      await outbox.resolveLookup({ id: entry.id, choice: 'mine', candidateId: mine.id });
      stats.itIsMine++;
    } else {
      await outbox.resolveLookup({ id: entry.id, choice: 'send_mine' });
      stats.sendMine++;
    }
  }
  return held.length;
}

type Body = Record<string, unknown>;
const bodyAt = (value: unknown, key: string): Body => ((value as Body | null)?.[key] ?? {}) as Body;

/** The server ids our writes made for this entry, by the write log (what was sent: a create's title, an update's words). */
function madeBy(sim: StatusPageSimulator, entry: { operation: string; input: Body }): (string | number)[] {
  const applied = sim.writeLog().filter((w) => w.status >= 200 && w.status < 300 && w.resultId !== null);
  if (entry.operation === 'createIncident') {
    const title = bodyAt(entry.input, 'incident').title;
    return applied.filter((w) => w.op === 'incidents.create' && bodyAt(w.body, 'incident').title === title).map((w) => w.resultId!);
  }
  if (entry.operation === 'addIncidentUpdate') {
    const words = bodyAt(entry.input, 'update').description;
    const path = `/incidents/${String(entry.input.incidentId)}/`;
    return applied
      .filter((w) => w.op === 'incidents.updates.create' && w.path.includes(path) && bodyAt(w.body, 'update').description === words)
      .map((w) => w.resultId!);
  }
  return [];
}
