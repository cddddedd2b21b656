import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { AlertDeliveryView } from '../shared/alerts/alert-delivery';
import { createAlerts } from '../electron/core/alerts/alerts-feature';
import { AlertDelivery } from '../electron/core/alerts/delivery/alert-delivery';
import { DEFAULT_FLOOD_TUNING } from '../electron/core/alerts/routing/flood-coalescer';
import type { PagePoll } from '../electron/core/alerts/routing/page-poll';
import { SettingsStore } from '../electron/core/settings/settings-store';
import { KeychainSecretStore } from '../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../electron/core/vault/key-vault';
import { startAlertsSimulator } from '../simulators/alerts';
import { makeTempDir } from '../test/support/temp-dir';
import { watchedPage } from '../test/unit/monitor/support/pages';
import { baseSummary, pollOf, withIncident } from '../test/unit/alerts/support/polls';

/*
 * The team alerts' flood (docs/architecture.md budget): 500 watched pages each open an incident in the same
 * poll round, routed by the real createAlerts (AlertRouter, the flood's journal, AlertDelivery and its queue
 * file, a real keychain under scripts/with-keyring.sh) to one Slack destination on the alerts simulator at
 * Slack's documented rate (one message a second per webhook). Counted: the messages Slack received (a few
 * alone, then one digest), the most requests in any 1 s (never past the limit: a correctness check, the
 * simulator would answer 429), every change delivered. Timed: the routing CPU of one poll (route() as the
 * monitor's onPoll calls it: changes, rules, the flood, the journal line) against a JSON round trip of the
 * poll's events, median of the measured rounds after a warm-up one.
 * Run: bash scripts/with-keyring.sh npx tsx bench/alerts-flood.bench.ts
 */

/** Routing CPU a poll, at most this many times a JSON round trip of its events. */
export const ALERTS_FLOOD_CPU_BUDGET = 10;
/** Slack's documented limit, as the simulator enforces it (simulators/alerts/slack-route.ts). */
const SLACK_LIMIT = { messages: 1, perMs: 1_000 };

export interface AlertsFloodBenchOptions {
  pages?: number;
  /** Measured rounds, after one warm-up round. */
  rounds?: number;
  log?: (line: string) => void;
}

export interface AlertsFloodRound {
  /** Requests Slack received (all answered 200). */
  messages: number;
  digests: number;
  rateLimited429: number;
  maxPerWindow: number;
  /** Changes in the messages delivered: every page's, once. */
  changesDelivered: number;
  notDelivered: number;
  routingUsPerPoll: number;
  floorUsPerPoll: number;
  /** From the first poll routed to the last message delivered. */
  deliveredInMs: number;
}

export interface AlertsFloodBenchResult {
  name: 'alerts-flood';
  pages: number;
  rounds: number;
  slackLimit: typeof SLACK_LIMIT;
  /** Three alone and one digest: the flood coalescer's threshold + 1. */
  messagesBound: number;
  /** The worst of the measured rounds. */
  messages: number;
  digests: number;
  rateLimited429: number;
  maxPerWindow: number;
  changesDelivered: number;
  notDelivered: number;
  /** Medians of the measured rounds. */
  routingUsPerPoll: number;
  floorUsPerPoll: number;
  cpuRatio: number;
  deliveredInMs: number;
  cpuBudget: number;
  all: AlertsFloodRound[];
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const cpuUs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/** The most arrivals in any window of `perMs` starting at an arrival. */
export function maxInWindow(arrivals: readonly number[], perMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + perMs) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

/** Changes a delivery carries: a digest lists at most 20 and counts them all in its title. */
function changesIn(view: AlertDeliveryView): number {
  const counted = /^Many pages changed: ([\d,]+) changes/.exec(view.title);
  return counted ? Number(counted[1]!.replace(/,/g, '')) : view.changes;
}

/** Each page's poll that opens a major incident, as the monitor hands it to routing. */
function floodPolls(pages: number): PagePoll[] {
  return Array.from({ length: pages }, (_, i) => {
    const name = `Provider ${String(i).padStart(3, '0')}`;
    const poll = pollOf(watchedPage({ name }), baseSummary(), withIncident('major', 'major', { id: 1_000 + i }), '2026-12-02T14:05:00.000Z');
    return { ...poll, name };
  });
}

/** A JSON round trip of each poll's events: the floor a poll's routing is held against. */
function floorUs(polls: readonly PagePoll[], repeats = 20): number {
  let sink = 0;
  const since = process.cpuUsage();
  for (let r = 0; r < repeats; r++) for (const poll of polls) sink += (JSON.parse(JSON.stringify(poll.events)) as unknown[]).length;
  const us = cpuUs(since) / (repeats * polls.length);
  if (sink === 0) throw new Error('the polls carry no events');
  return us;
}

async function round(pages: number, keychainService: string): Promise<AlertsFloodRound> {
  const sim = await startAlertsSimulator({ slackRate: SLACK_LIMIT });
  const temp = makeTempDir('statusdesk-bench-alerts-flood-');
  const keychain = new KeychainSecretStore({ service: keychainService });
  const vault = new KeyVault(keychain);
  let delivery: AlertDelivery | null = null;
  let destinationId: string | null = null;
  const problems: string[] = [];
  const alerts = createAlerts({
    dataDir: temp.dir,
    settings: new SettingsStore(temp.dir),
    vault,
    reportProblem: (message) => problems.push(message),
    createDelivery: (options) => (delivery = new AlertDelivery(options)),
  });
  try {
    // Its address goes to the keychain, as from the window.
    destinationId = (await alerts.api.addDestination({ name: 'Ops', kind: 'slack', address: sim.slackHookUrl(), timeZone: 'UTC' })).id;
    await alerts.api.saveRule({ destinationId, pageIds: null, updates: 'all', minSeverity: 'minor' });
    await alerts.start();
    const queue = delivery as AlertDelivery | null;
    if (!queue) throw new Error('the delivery was not built');

    const polls = floodPolls(pages);
    const floor = floorUs(polls);
    const started = performance.now();
    const since = process.cpuUsage();
    for (const poll of polls) alerts.route(poll);
    const routing = cpuUs(since) / pages;

    // Every change delivered: three alone, then the digest when the flood's window ends.
    await new Promise<void>((resolve, reject) => {
      const giveUp = setTimeout(
        () => reject(new Error(`the flood was not delivered in 2 minutes: ${JSON.stringify(queue.list())} ${problems.join(' ')}`)),
        120_000,
      );
      const check = () => {
        const views = queue.list();
        if (views.reduce((n, v) => n + changesIn(v), 0) >= pages && views.every((v) => v.state !== 'queued')) {
          clearTimeout(giveUp);
          resolve();
        }
      };
      queue.onChange(check);
      check();
    });
    const deliveredInMs = performance.now() - started;
    const views = queue.list();
    const requests = sim.requests('slack');
    if (problems.length > 0) throw new Error(`problems: ${problems.join(' ')}`);
    return {
      messages: requests.length,
      digests: sim.slack.messages.filter((m) => (m.text ?? '').includes('Many pages changed')).length,
      rateLimited429: requests.filter((r) => r.status === 429).length,
      maxPerWindow: maxInWindow(
        requests.map((r) => r.at),
        SLACK_LIMIT.perMs,
      ),
      changesDelivered: views.filter((v) => v.state === 'delivered').reduce((n, v) => n + changesIn(v), 0),
      notDelivered: views.filter((v) => v.state === 'not_delivered').length,
      routingUsPerPoll: routing,
      floorUsPerPoll: floor,
      deliveredInMs,
    };
  } finally {
    await alerts.stop();
    if (destinationId !== null) await keychain.delete(secretNames.alertAddress(destinationId)).catch(() => undefined);
    await sim.stop();
    temp.remove();
  }
}

export async function runAlertsFloodBench(options: AlertsFloodBenchOptions = {}): Promise<AlertsFloodBenchResult> {
  const pages = options.pages ?? 500;
  const rounds = options.rounds ?? 3;
  const log = options.log ?? (() => undefined);
  const keychainService = `Statusdesk-bench-alerts-${randomUUID()}`;
  const all: AlertsFloodRound[] = [];
  for (let i = 0; i <= rounds; i++) {
    const result = await round(pages, keychainService);
    log(
      `${i === 0 ? 'warm-up' : `round ${i}`}: ${result.messages} messages (${result.digests} digest), ≤ ${result.maxPerWindow} a second, ` +
        `${result.changesDelivered} changes delivered in ${Math.round(result.deliveredInMs)} ms; routing ${result.routingUsPerPoll.toFixed(1)} µs a poll, floor ${result.floorUsPerPoll.toFixed(1)} µs`,
    );
    if (i > 0) all.push(result);
  }
  const worst = <K extends keyof AlertsFloodRound>(key: K) => Math.max(...all.map((r) => r[key]));
  const routingUsPerPoll = median(all.map((r) => r.routingUsPerPoll));
  const floorUsPerPoll = median(all.map((r) => r.floorUsPerPoll));
  return {
    name: 'alerts-flood',
    pages,
    rounds,
    slackLimit: SLACK_LIMIT,
    messagesBound: DEFAULT_FLOOD_TUNING.threshold + 1,
    messages: worst('messages'),
    digests: worst('digests'),
    rateLimited429: worst('rateLimited429'),
    maxPerWindow: worst('maxPerWindow'),
    changesDelivered: Math.min(...all.map((r) => r.changesDelivered)),
    notDelivered: worst('notDelivered'),
    routingUsPerPoll,
    floorUsPerPoll,
    cpuRatio: Math.round((routingUsPerPoll / floorUsPerPoll) * 1000) / 1000,
    deliveredInMs: median(all.map((r) => r.deliveredInMs)),
    cpuBudget: ALERTS_FLOOD_CPU_BUDGET,
    all,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runAlertsFloodBench({ log: (line) => console.error(`alerts-flood: ${line}`) });
  const { all: _rounds, ...summary } = result;
  console.log(JSON.stringify(summary, null, 2));
  const { alertsFloodRows } = await import('./report/alerts-flood-rows');
  const failed = alertsFloodRows(result).filter((row) => row.pass === false);
  for (const row of failed) console.error(`FAIL: ${row.benchmark}: ${row.resultText ?? row.result} (budget ${row.budget})`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}
