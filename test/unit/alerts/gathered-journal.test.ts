import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertDestination } from '../../../shared/alerts/alert-destination';
import { alertMessageSchema, type AlertMessage } from '../../../shared/alerts/alert-message';
import { alertRuleSchema } from '../../../shared/alerts/alert-rule';
import type { AlertSettings } from '../../../shared/alerts/alert-settings';
import { AlertRouter } from '../../../electron/core/alerts/routing/alert-router';
import { GATHERED_FILE_NAME, GatheredJournal, gatheredJournalPath } from '../../../electron/core/alerts/routing/gathered-journal';
import { HeldChanges, heldChangesPath } from '../../../electron/core/alerts/routing/held-changes';
import { makeTempDir } from '../../support/temp-dir';
import { FakeClock } from '../monitor/support/fake-clock';
import { watchedPage } from '../monitor/support/pages';
import { baseSummary, pollOf, setServiceType } from './support/polls';

/*
 * The flood's gathered changes on disk: a router "killed" inside the gathering window (never stopped, its
 * timers never fired) leaves them in alerts-gathered.jsonl, and the next router on the folder queues them as
 * the digest the first would have sent, with its key.
 */

class RecordingQueue {
  readonly sent: Array<{ destinationId: string; message: AlertMessage }> = [];
  async enqueue(destinationId: string, message: AlertMessage): Promise<string> {
    this.sent.push({ destinationId, message: alertMessageSchema.parse(message) });
    return `d${this.sent.length}`;
  }
}

const destination = (id: string): AlertDestination => ({
  id,
  name: id,
  kind: 'slack',
  origin: 'https://hooks.slack.com',
  timeZone: 'UTC',
  enabled: true,
});
const NOON = Date.UTC(2025, 5, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const alertsFor = (...ids: string[]): AlertSettings => ({
  destinations: ids.map(destination),
  rules: ids.map((id) => alertRuleSchema.parse({ id: `r-${id}`, destinationId: id, minSeverity: 'operational' })),
});

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function folder(): string {
  const temp = makeTempDir('statusdesk-gathered-');
  cleanups.push(temp.remove);
  return temp.dir;
}

/** A router as createAlerts builds it, on `dir`'s files. */
function routerOn(dir: string, alerts: AlertSettings) {
  const clock = new FakeClock(NOON);
  const queue = new RecordingQueue();
  const problems: string[] = [];
  const reportProblem = (m: string) => problems.push(m);
  const gathered = new GatheredJournal({ filePath: gatheredJournalPath(dir), reportProblem });
  const held = HeldChanges.open({ filePath: heldChangesPath(dir), reportProblem });
  const router = new AlertRouter({ alerts: () => alerts, delivery: queue, held, gathered, clock, reportProblem });
  cleanups.push(() => gathered.close());
  return { clock, queue, problems, gathered, router };
}

const journalText = (dir: string) => fs.readFileSync(gatheredJournalPath(dir), 'utf8');
const levelPoll = (name: string) => pollOf(watchedPage({ name }), baseSummary(), setServiceType(baseSummary(), 4, 'minor'), iso(NOON));

describe('the flood’s gathered changes survive a kill', () => {
  it('are on disk when route() returns; the next start queues them as the same digest, with the same key', async () => {
    const dir = folder();
    const alerts = alertsFor('slack');
    const first = routerOn(dir, alerts);
    first.router.start();
    for (let i = 0; i < 10; i++) first.router.route(levelPoll(`P${i}`));
    // Synchronously: 3 alone, 7 gathered and already in the file.
    expect(journalText(dir).trim().split('\n')).toHaveLength(10);

    // The "killed" process's files, copied before its window ends; then what the first sends when it ends.
    const copy = folder();
    fs.copyFileSync(gatheredJournalPath(dir), gatheredJournalPath(copy));
    await first.router.settled();
    await first.clock.advance(2_000);
    await first.router.settled();
    const digest = first.queue.sent[3]!.message;
    expect(digest.title).toBe('Many pages changed: 7 changes on 7 pages');
    // Queued: the window is done, the file empty.
    expect(journalText(dir)).toBe('');

    const second = routerOn(copy, alerts);
    second.router.start();
    await second.router.settled();
    // Killed before any of them was queued: the three sent alone come again too, each with its own key.
    const byKey = (sent: RecordingQueue['sent']) => sent.map((s) => [s.destinationId, s.message.key, s.message.title]);
    expect(byKey(second.queue.sent)).toEqual(byKey(first.queue.sent.slice(0, 4)));
    expect(second.queue.sent[3]!.message.changes.map((c) => c.pageName).sort()).toEqual(digest.changes.map((c) => c.pageName).sort());
    expect(journalText(copy)).toBe('');
    expect(second.problems).toEqual([]);
  });

  it('a torn last line (killed mid-write) is dropped quietly; the file is whole again for the next line', async () => {
    const dir = folder();
    const first = routerOn(dir, alertsFor('slack'));
    first.router.start();
    for (let i = 0; i < 6; i++) first.router.route(levelPoll(`T${i}`));
    const copy = folder();
    fs.copyFileSync(gatheredJournalPath(dir), gatheredJournalPath(copy));
    fs.appendFileSync(gatheredJournalPath(copy), '{"w":"x","d":"slack","r":{"chan');

    const second = routerOn(copy, alertsFor('slack'));
    const windows = second.gathered.open();
    // Three sent alone (not yet queued when killed), three gathered.
    expect(windows.map((w) => w.changes.length)).toEqual([1, 1, 1, 3]);
    expect(journalText(copy).endsWith('}\n')).toBe(true);
    expect(second.problems).toEqual([]);
  });

  it('a damaged line in the middle: the file is moved aside and said by name, the readable changes are sent', async () => {
    const dir = folder();
    const first = routerOn(dir, alertsFor('slack'));
    first.router.start();
    for (let i = 0; i < 7; i++) first.router.route(levelPoll(`D${i}`));
    const copy = folder();
    const lines = journalText(dir).split('\n');
    lines[4] = '{"w": not json';
    fs.writeFileSync(gatheredJournalPath(copy), lines.join('\n'));

    const second = routerOn(copy, alertsFor('slack'));
    second.router.start();
    await second.router.settled();
    expect(second.problems).toEqual([
      expect.stringMatching(
        /^The alerts gathered for a digest \(alerts-gathered\.jsonl\) were damaged \(1 unreadable line\); the file was moved to alerts-gathered\.corrupt-.*\.jsonl and 6 changes were kept\.$/,
      ),
    ]);
    expect(fs.readdirSync(copy).filter((name) => name.startsWith('alerts-gathered.corrupt-'))).toHaveLength(1);
    expect(second.queue.sent.map((s) => s.message.changes.length)).toEqual([1, 1, 1, 3]);
    expect(second.queue.sent[3]!.message.title).toBe('Many pages changed: 3 changes on 3 pages');
    expect(journalText(copy)).toBe('');
  });

  it('one destination’s digest queued, another’s still gathering: a done line; empty once both are queued', async () => {
    const dir = folder();
    const pagesA = Array.from({ length: 5 }, (_, i) => watchedPage({ name: `A${i}` }));
    const pagesB = Array.from({ length: 5 }, (_, i) => watchedPage({ name: `B${i}` }));
    const alerts: AlertSettings = {
      destinations: [destination('a'), destination('b')],
      rules: [
        alertRuleSchema.parse({ id: 'ra', destinationId: 'a', pageIds: pagesA.map((p) => p.id), minSeverity: 'operational' }),
        alertRuleSchema.parse({ id: 'rb', destinationId: 'b', pageIds: pagesB.map((p) => p.id), minSeverity: 'operational' }),
      ],
    };
    const poll = (page: (typeof pagesA)[number]) => pollOf(page, baseSummary(), setServiceType(baseSummary(), 4, 'minor'), iso(NOON));
    const { router, clock } = routerOn(dir, alerts);
    router.start();
    for (const page of pagesA) router.route(poll(page));
    await clock.advance(1_000);
    for (const page of pagesB) router.route(poll(page));

    await clock.advance(1_000);
    await router.settled();
    const lines = journalText(dir).trim().split('\n');
    expect(Object.keys(JSON.parse(lines.at(-1)!) as object)).toEqual(['done']);
    // Read again (a kill now): only b's window is left to send.
    const copy = folder();
    fs.copyFileSync(gatheredJournalPath(dir), gatheredJournalPath(copy));
    const reread = new GatheredJournal({ filePath: gatheredJournalPath(copy), reportProblem: () => undefined });
    expect(reread.open().map((w) => [w.destinationId, w.changes.map((c) => c.change.pageName)])).toEqual([['b', ['Acme', 'Acme']]]);
    reread.close();

    await clock.advance(1_000);
    await router.settled();
    expect(journalText(dir)).toBe('');
  });

  it('a destination removed while its changes were gathered: they are forgotten, not sent', async () => {
    const dir = folder();
    const first = routerOn(dir, alertsFor('gone'));
    first.router.start();
    for (let i = 0; i < 5; i++) first.router.route(levelPoll(`G${i}`));
    const copy = folder();
    fs.copyFileSync(gatheredJournalPath(dir), gatheredJournalPath(copy));
    expect(journalText(copy)).not.toBe('');

    const second = routerOn(copy, alertsFor('other'));
    second.router.start();
    await second.router.settled();
    expect(second.queue.sent).toEqual([]);
    expect(journalText(copy)).toBe('');
  });

  it('names its file in the data folder', () => {
    expect(gatheredJournalPath('/data')).toBe(`/data/${GATHERED_FILE_NAME}`);
  });
});
