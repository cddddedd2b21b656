import { ratioOf, type BenchRow } from './row';

/** What the rows read of alerts-flood.bench.ts's result (declared here: the bench imports these rows to check itself). */
export interface AlertsFloodFigures {
  pages: number;
  slackLimit: { messages: number; perMs: number };
  messagesBound: number;
  messages: number;
  digests: number;
  changesDelivered: number;
  notDelivered: number;
  maxPerWindow: number;
  rateLimited429: number;
  routingUsPerPoll: number;
  floorUsPerPoll: number;
  cpuRatio: number;
  cpuBudget: number;
}

/** 500 pages changing at once → one Slack webhook: bounded messages, within its rate limit, routing CPU a poll. */
export function alertsFloodRows(r: AlertsFloodFigures): BenchRow[] {
  const label = `Team alerts: ${r.pages} pages open an incident at once → Slack simulator (${r.slackLimit.messages} message / ${r.slackLimit.perMs / 1000} s)`;
  return [
    {
      benchmark: `${label}: messages received (${r.digests} digest), every change delivered`,
      result: r.messages,
      unit: 'messages',
      resultText: `${r.messages} messages, ${r.changesDelivered} / ${r.pages} changes`,
      floor: r.messagesBound,
      floorLabel: 'three alone + one digest',
      ratio: ratioOf(r.messages, r.messagesBound),
      budget: `≤ ${r.messagesBound}, all ${r.pages} changes`,
      budgetSource: 'architecture',
      pass: r.messages <= r.messagesBound && r.changesDelivered === r.pages && r.notDelivered === 0,
    },
    {
      benchmark: `${label}: most requests in any 1 s / 429 answers`,
      result: r.maxPerWindow,
      unit: '',
      resultText: `${r.maxPerWindow} / ${r.rateLimited429}`,
      floor: r.slackLimit.messages,
      floorLabel: 'the rate limit',
      ratio: ratioOf(r.maxPerWindow, r.slackLimit.messages),
      budget: `≤ ${r.slackLimit.messages}, no 429`,
      budgetSource: 'architecture',
      pass: r.maxPerWindow <= r.slackLimit.messages && r.rateLimited429 === 0,
    },
    {
      benchmark: 'Team alerts flood: routing CPU a poll (changes, rules, flood, journal line)',
      result: r.routingUsPerPoll,
      unit: 'µs',
      floor: r.floorUsPerPoll,
      floorLabel: 'JSON.stringify + JSON.parse of its events',
      ratio: r.cpuRatio,
      budget: `≤ ${r.cpuBudget}×`,
      budgetSource: 'architecture',
      pass: r.cpuRatio <= r.cpuBudget,
    },
  ];
}
