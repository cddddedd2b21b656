import fc from 'fast-check';
import { ManualNetworkSignals } from '../../electron/core/connectivity/network-signals';
import { RESEND_BACKOFF } from '../../electron/core/outbox/outbox-parts';
import type { OutboxService } from '../../electron/core/outbox/outbox-service';
import { RECONCILE_SETTLE_MS } from '../../electron/core/outbox/statuspal/outcome-settling';
import type { FaultRule, StatusPageSimulator } from '../../simulators/statuspal';
import { createPrng } from '../../simulators/statuspal/prng';
import { clearRateLimiters } from '../../electron/core/statuspal-client/rate-limiter';
import { openTestOutbox, simAccounts } from '../integration/outbox/support/harness';
import { MUTATIONS, openBrokenOutbox, type MutationName } from './broken-outbox';
import { memoryDir, memoryDisk } from './memory-disk';
import {
  addLookups,
  answerLookups,
  COLLEAGUE_VARIANTS,
  colleagueWrites,
  noLookups,
  openedText,
  OUR_SERVICES,
  type ColleagueVariant,
  type LookupStats,
} from './second-writer';
import { realNow, VirtualTime } from './virtual-time';

/*
 * Seeded simulation of the whole write path, after FoundationDB's simulation testing and TigerBeetle's VOPR:
 * one seed drives a schedule of user writes (incident creates and updates on them, queued on or off line),
 * server and network faults (5xx before and after the commit, resets before and after, unreadable and empty
 * bodies, a captive portal, a hang past the time-out), the server's clock an hour or minutes off the computer's,
 * network loss and return, and process crashes (the outbox stopped mid-request, aborting what was in flight,
 * and opened again from its file); a server that keeps text its own way (trimmed, squished, sanitised) in half
 * of the schedules, and a colleague who makes look-alikes of our incidents (second-writer.ts), with a user who
 * answers the outbox's "needs a look" knowing which incident is theirs. The real OutboxService and status page client run against the real
 * simulator over loopback, with the app's own time-outs, backoffs and settle waits, on virtual time
 * (virtual-time.ts): a wait costs nothing, and the jitter of backoffs and probes comes from the schedule's
 * seed, so a schedule replays the same. The outbox's files are real, on a RAM disk (memory-disk.ts). The invariants are read from the server's write log, not from the outbox:
 * every accepted write is applied exactly once, the updates of an incident in the order they were written,
 * and nothing accepted is lost or left unsent once the faults stop. fast-check shrinks a failing schedule to
 * a minimal one and prints the seed and path that replay it.
 */

type Step =
  | { t: 'create' }
  | { t: 'update'; of: number }
  | { t: 'fault'; rule: FaultName }
  | { t: 'slow network'; ms: number }
  | { t: 'offline' }
  | { t: 'online' }
  | { t: 'crash' }
  | { t: 'settle' }
  | { t: 'colleague'; variant: ColleagueVariant };

const ONCE: Pick<FaultRule, 'method' | 'times'> = { method: ['POST'], times: 1 };
const FAULTS = {
  '500 before commit': { ...ONCE, errorRates: { 500: 1 } },
  '502 before commit': { ...ONCE, errorRates: { 502: 1 } },
  '503 before commit': { ...ONCE, errorRates: { 503: 1 }, retryAfterSeconds: null },
  '504 before commit': { ...ONCE, errorRates: { 504: 1 } },
  '500 after commit': { ...ONCE, statusAfterCommit: 500 },
  '503 after commit': { ...ONCE, statusAfterCommit: 503 },
  'reset before commit': { ...ONCE, resetRate: 1 },
  'reset after commit': { ...ONCE, dropAfterCommitRate: 1 },
  'unreadable body': { ...ONCE, malformedRate: 1 },
  'empty body after commit': { ...ONCE, emptyBodyAfterCommitRate: 1 },
  'captive portal': { ...ONCE, captivePortalRate: 1 },
  hang: { ...ONCE, hangRate: 1 },
} satisfies Record<string, FaultRule>;
type FaultName = keyof typeof FAULTS;

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Step>({ t: 'create' }) },
  { weight: 6, arbitrary: fc.nat(7).map<Step>((of) => ({ t: 'update', of })) },
  { weight: 4, arbitrary: fc.constantFrom(...(Object.keys(FAULTS) as FaultName[])).map<Step>((rule) => ({ t: 'fault', rule })) },
  // The next write reaches the server this long after it left, cut off or not; within the 2 s the outbox
  // allows an interrupted attempt to land before its look-up may conclude "not applied".
  { weight: 2, arbitrary: fc.constantFrom(300, 1_000, 1_900).map<Step>((ms) => ({ t: 'slow network', ms })) },
  { weight: 1, arbitrary: fc.constant<Step>({ t: 'offline' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ t: 'online' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ t: 'crash' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ t: 'settle' }) },
  { weight: 2, arbitrary: fc.constantFrom(...COLLEAGUE_VARIANTS).map<Step>((variant) => ({ t: 'colleague', variant })) },
);

interface Schedule {
  /** Where in its second the schedule starts (the server keeps whole seconds; look-ups compare them). */
  startMs: number;
  /** Seeds Math.random for the schedule: the jitter of backoffs and probes. */
  noise: number;
  /**
   * How far the server's clock is from the computer's, for the whole schedule. A server's clock does not jump
   * back and forth; the computer's is what gets corrected, and the offset each answer's Date header shows
   * follows it.
   */
  serverClockMinutes: number;
  /** How the server keeps text (the simulator's text styles); with `normalised`, our writes are sent untidy. */
  textStyle: 'verbatim' | 'normalised';
  steps: Step[];
}

/** A schedule: a dozen steps or so, always with at least one write. */
const scheduleArbitrary: fc.Arbitrary<Schedule> = fc.record({
  startMs: fc.nat(999),
  noise: fc.nat(),
  serverClockMinutes: fc.constantFrom(0, -60, -6, 6, 60),
  textStyle: fc.constantFrom<Schedule['textStyle']>('verbatim', 'normalised'),
  steps: fc.array(step, { minLength: 1, maxLength: 14 }).map((steps) => [{ t: 'create' } as Step, ...steps]),
});

interface Written {
  entryId: string;
  /** What identifies it in the server's log: a create's title, an update's description. */
  mark: string;
  /** Index of the create this write belongs to. */
  incident: number;
  /** A create's temporary id, which the updates written after it refer to. */
  tempId?: string | undefined;
}

/** The app's own figures: on virtual time a 15 s time-out or a minute's backoff costs nothing. */
const TIMING = {
  probeDelay: { initialMs: 1_000, maxMs: 60_000 },
  backoff: RESEND_BACKOFF,
  requestTimeoutMs: 15_000,
  reconcileSettleMs: RECONCILE_SETTLE_MS,
} as const;

/** Virtual noon UTC, 1 January 2026: every schedule starts there, in the second its `startMs` says. */
const EPOCH_MS = Date.UTC(2026, 0, 1, 12);
/** Simulated time a schedule may take before it counts as stuck (a promise nobody settles). */
const SCHEDULE_LIMIT_MS = 6 * 60 * 60_000;

/** What the schedules run so far wrote and were asked (counted only for schedules that kept every invariant). */
export interface ScheduleFigures {
  writes: number;
  lookups: LookupStats;
}

export const noFigures = (): ScheduleFigures => ({ writes: 0, lookups: noLookups() });

/** Runs one schedule on virtual time (installed); throws an Error naming the broken invariant. */
async function runSchedule(
  sim: StatusPageSimulator,
  time: VirtualTime,
  schedule: Schedule,
  mutation?: MutationName,
  figures: ScheduleFigures = noFigures(),
): Promise<void> {
  time.rebase(EPOCH_MS + schedule.startMs);
  Math.random = createPrng(schedule.noise);
  await time.drive(runSteps(sim, time, schedule, figures, mutation), SCHEDULE_LIMIT_MS);
}

/** The body of our k-th create: untidy (spaces, markup, an entity) when the server tidies text. */
function ourIncident(title: string, textStyle: Schedule['textStyle']): Record<string, unknown> {
  const untidy = textStyle === 'normalised';
  const sentTitle = untidy ? `  ${title.replace(' ', '   ')} ` : title;
  const opened = openedText(title);
  const description = untidy ? ` <p>${opened.replace(' opened', ' <b>opened</b>')}</p>\n<script>x()</script>` : opened;
  return { type: 'minor', title: sentTitle, service_ids: OUR_SERVICES, updates: [{ type: 'issue', description }] };
}

async function runSteps(
  sim: StatusPageSimulator,
  time: VirtualTime,
  { serverClockMinutes, textStyle, steps }: Schedule,
  figures: ScheduleFigures,
  mutation?: MutationName,
): Promise<void> {
  const home = memoryDir('statusdesk-sim-');
  await sim.reset();
  sim.clearWriteLog();
  sim.clearFaults();
  sim.setClock(Date.now() + serverClockMinutes * 60_000);
  sim.setTextStyle(textStyle);
  clearRateLimiters();
  const { accountId, accounts } = simAccounts(sim);
  const signals = new ManualNetworkSignals(true);
  // Opening reads the file for real: the clock waits for it, as a restart takes no time of the world's.
  const open = () =>
    time.hold(
      mutation
        ? openBrokenOutbox(MUTATIONS[mutation], { dataDir: home.dir, accounts, signals, fileSystem: memoryDisk, ...TIMING })
        : openTestOutbox(home.dir, accounts, { signals, fileSystem: memoryDisk, ...TIMING }),
    );
  let outbox: OutboxService = await open();
  outbox.start();
  const creates: Written[] = [];
  const updates: Written[] = [];
  let n = 0;
  try {
    for (const s of steps) {
      switch (s.t) {
        case 'create': {
          const incident = ourIncident(`Incident ${creates.length + 1}`, textStyle);
          // What identifies it in the write log: the title as sent.
          const mark = incident.title as string;
          n++;
          const { id, tempId } = await outbox.enqueue({ kind: 'statuspal', accountId, operation: 'createIncident', input: { subdomain: 'acme', incident } });
          creates.push({ entryId: id, mark, incident: creates.length, tempId });
          break;
        }
        case 'update': {
          if (creates.length === 0) break;
          const target = creates[s.of % creates.length]!;
          const mark = `${target.mark} update ${++n}`;
          const { id } = await outbox.enqueue({
            kind: 'statuspal',
            accountId,
            operation: 'addIncidentUpdate',
            input: { subdomain: 'acme', incidentId: target.tempId!, update: { type: 'update', description: mark } },
          });
          updates.push({ entryId: id, mark, incident: target.incident });
          break;
        }
        case 'fault':
          sim.setFaults(FAULTS[s.rule]);
          break;
        case 'slow network': {
          let delayMs = s.ms;
          time.requestDelay = (_input, init) => {
            if (init?.method !== 'POST' || delayMs === 0) return 0;
            const once = delayMs;
            delayMs = 0;
            return once;
          };
          break;
        }
        case 'offline':
          signals.set(false);
          break;
        case 'online':
          signals.set(true);
          break;
        case 'crash':
          // Mid-request: what is in flight is cut off; the file holds what was acknowledged.
          await outbox.stop({ abortAfterMs: 0 });
          outbox = await open();
          outbox.start();
          break;
        case 'settle':
          await outbox.flush({ timeoutMs: 2_000 });
          break;
        case 'colleague': {
          // A look-alike of our latest create (of the next one, when it must come before our send).
          const k = s.variant === 'identical, earlier' || creates.length === 0 ? creates.length + 1 : creates.length;
          await colleagueWrites(sim, s.variant, `Incident ${k}`);
          break;
        }
      }
    }
    // The faults stop; the network is back; the user waits for everything to go out.
    sim.clearFaults();
    time.requestDelay = null;
    signals.set(true);
    const lookups = noLookups();
    for (let i = 0; i < 10; i++) {
      const report = await outbox.flush({ timeoutMs: 10 * 60_000 });
      // The user answers what the outbox put to them; what that lets go is sent on the next round.
      const answered = await answerLookups(sim, outbox, lookups);
      if (report.pending === 0 && answered === 0) break;
    }
    checkInvariants(sim, outbox, creates, updates);
    figures.writes += creates.length + updates.length;
    addLookups(figures.lookups, lookups);
  } finally {
    time.requestDelay = null;
    await outbox.stop({ abortAfterMs: 0 }).catch(() => undefined);
    sim.clearFaults();
    home.remove();
  }
}

function checkInvariants(sim: StatusPageSimulator, outbox: OutboxService, creates: Written[], updates: Written[]): void {
  const log = sim.writeLog().filter((w) => w.status >= 200 && w.status < 300);
  const entries = new Map(outbox.list().map((e) => [e.id, e]));
  for (const write of [...creates, ...updates]) {
    const entry = entries.get(write.entryId);
    if (!entry) throw new Error(`lost: "${write.mark}" was accepted and is no longer in the outbox`);
    if (entry.state !== 'sent')
      throw new Error(`not sent after the faults stopped: "${write.mark}" is ${entry.state}${entry.lastError ? ` (${entry.lastError.message})` : ''}`);
  }
  const serverIdOf = new Map<number, number | string>();
  for (const create of creates) {
    const applied = log.filter((w) => w.op === 'incidents.create' && (w.body as { incident?: { title?: string } }).incident?.title === create.mark);
    if (applied.length !== 1) throw new Error(`"${create.mark}" was created ${applied.length} times`);
    const adopted = entries.get(create.entryId)!.result?.id;
    // Taken for someone else's incident: ours was never made, the user was told it was.
    if (String(adopted) !== String(applied[0]!.resultId))
      throw new Error(`lost: "${create.mark}" was taken to be #${String(adopted)}, ours is #${applied[0]!.resultId}`);
    serverIdOf.set(create.incident, applied[0]!.resultId!);
  }
  for (const [incident, serverId] of serverIdOf) {
    const written = updates.filter((u) => u.incident === incident).map((u) => u.mark);
    const applied = log
      .filter((w) => w.op === 'incidents.updates.create' && w.path.includes(`/incidents/${serverId}/`))
      .map((w) => (w.body as { update: { description: string } }).update.description);
    if (JSON.stringify(applied) !== JSON.stringify(written)) {
      throw new Error(`the updates of incident ${serverId} were applied as ${JSON.stringify(applied)}, written as ${JSON.stringify(written)}`);
    }
  }
}

export interface SimulationResult {
  /** Schedules run to the end (a failing one and its shrinking not counted). */
  schedules: number;
  violations: number;
  seed: number;
  durationMs: number;
  /** fast-check's report of the first violation, shrunk, with the seed and path that replay it. */
  failure: string | null;
  /** Writes accepted in the schedules that kept every invariant (each applied once), and the looks asked of the user. */
  figures: ScheduleFigures;
}

export interface SimulationOptions {
  runs: number;
  timeLimitMs: number;
  seed?: number;
  path?: string;
  /** The self-test: run against a deliberately broken outbox (broken-outbox.ts), which must be caught. */
  mutation?: MutationName;
}

/** Runs schedules from one seed until `runs` or `timeLimitMs`; stops at the first violation, shrunk. */
export async function simulate(sim: StatusPageSimulator, options: SimulationOptions): Promise<SimulationResult> {
  const seed = options.seed ?? realNow() % 2_147_483_647;
  const started = realNow();
  const time = new VirtualTime(EPOCH_MS, { heldByServer: () => sim.heldRequests() });
  const random = Math.random;
  const figures = noFigures();
  time.install();
  try {
    const details = await fc.check(
      fc.asyncProperty(scheduleArbitrary, (schedule) => runSchedule(sim, time, schedule, options.mutation, figures)),
      {
        seed,
        numRuns: options.runs,
        interruptAfterTimeLimit: options.timeLimitMs,
        markInterruptAsFailure: false,
        ...(options.path ? { path: options.path } : {}),
      },
    );
    const failed = details.failed;
    return {
      schedules: details.numRuns,
      violations: failed ? 1 : 0,
      seed,
      durationMs: realNow() - started,
      failure: failed
        ? `${fc.defaultReportMessage(details) ?? 'failed'}\nViolation: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`
        : null,
      figures,
    };
  } finally {
    time.uninstall();
    Math.random = random;
  }
}
