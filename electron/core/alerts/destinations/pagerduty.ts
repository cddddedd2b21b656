import { createHash } from 'node:crypto';
import type { AlertMessage } from '@shared/alerts/alert-message';
import type { Severity } from '@shared/monitor/severity';
import { checkServiceAddress } from './address-check';
import { readAnswer } from './answer-reading';
import type { DeliveryVerdict, DestinationFormat, OutgoingRequest, ReceiverAnswer, RequestContext } from './destination-format';
import { changeLine, changeLink, cut, shownChanges } from './message-text';

/*
 * PagerDuty Events API v2.
 * - Alert events: https://developer.pagerduty.com/docs/events-api-v2/trigger-events/ — POST
 *   https://events.pagerduty.com/v2/enqueue (EU accounts: events.eu.pagerduty.com) with `routing_key` (the
 *   integration's 32-character key), `event_action` trigger | resolve, `dedup_key` (at most 255 characters),
 *   and for a trigger `payload` {summary ≤ 1,024 characters, source, severity critical | error | warning |
 *   info, timestamp, custom_details} and `links`.
 * - Deduplication (same page): a trigger whose dedup_key names an open alert is added to that alert, not a new
 *   one; a resolve closes it; after that the same key opens a new alert. The dedup_key is the message's
 *   incident key (page and incident), so two watchers that see the same incident page once, and its
 *   recovery resolves what either of them opened.
 * - Change events: https://developer.pagerduty.com/docs/events-api-v2/send-change-events/ — POST
 *   /v2/change/enqueue; they never notify anyone.
 * - Answers (https://developer.pagerduty.com/docs/events-api-v2-overview#response-codes--retry-logic): 202
 *   `{status: "success", dedup_key}`; 400 `{status: "invalid event", errors: […]}` (never retried); 429 when
 *   the key's rate is passed; 5xx are retried.
 * - Rate limit: about 120 events a minute per integration key, over a 60 s window
 *   (https://developer.pagerduty.com/docs/events-api-v2/rate-limits/).
 * An `info` message (an update, a notice, a digest) is neither a trigger nor a resolve, and the Events API
 * has no event for it: it is not sent, and the delivery log says so. A test is sent as a change event: it
 * proves the key works without paging whoever is on call.
 */

const PAGERDUTY_DEFAULT_ADDRESS = 'https://events.pagerduty.com/v2/enqueue';
const ENQUEUE_PATH = '/v2/enqueue';
const CHANGE_PATH = '/v2/change/enqueue';
const MAX_SUMMARY = 1_024;
const MAX_DEDUP_KEY = 255;
const ROUTING_KEY = /^[A-Za-z0-9]{32}$/;

export const PAGERDUTY_INFO_NOT_SENT =
  'Not sent: PagerDuty is told only when something breaks and when it recovers; updates and digests are not paging events.';

const PAGERDUTY_SEVERITY: Record<Severity, 'critical' | 'error' | 'warning' | 'info'> = {
  major: 'critical',
  minor: 'warning',
  maintenance: 'info',
  operational: 'info',
};

/** The incident key as PagerDuty's dedup_key: itself when it fits, else a digest of it (the same for every watcher). */
export function dedupKeyOf(incidentKey: string): string {
  return incidentKey.length <= MAX_DEDUP_KEY ? incidentKey : `statusdesk:${createHash('sha256').update(incidentKey).digest('hex')}`;
}

function details(message: AlertMessage) {
  const { shown, more } = shownChanges(message, 20);
  const links = shown
    .map((change) => ({ href: changeLink(change), text: change.subject?.title ?? change.pageName }))
    .filter((link): link is { href: string; text: string } => link.href !== null && /^https?:\/\//.test(link.href))
    .slice(0, 5);
  return {
    summary: cut(`${message.test ? '[Test] ' : ''}${message.title}`, MAX_SUMMARY),
    source: cut(message.changes[0]!.pageName, 255),
    timestamp: message.createdAt,
    custom_details: { changes: shown.map(changeLine), ...(more > 0 ? { more_changes: more } : {}), statusdesk_key: message.key },
    links,
  };
}

function eventRequest(message: AlertMessage, { secret }: RequestContext): OutgoingRequest | { skip: string } {
  const headers = { 'content-type': 'application/json' };
  const routing_key = secret.key ?? '';
  const { summary, source, timestamp, custom_details, links } = details(message);
  if (message.action === 'info' && message.test) {
    const url = new URL(CHANGE_PATH, secret.address).href;
    return { url, headers, body: JSON.stringify({ routing_key, payload: { summary, source, timestamp, custom_details }, links }) };
  }
  if (message.action === 'info') return { skip: PAGERDUTY_INFO_NOT_SENT };
  const dedup_key = dedupKeyOf(message.incidentKey);
  if (message.action === 'resolve') return { url: secret.address, headers, body: JSON.stringify({ routing_key, event_action: 'resolve', dedup_key }) };
  const severity = PAGERDUTY_SEVERITY[message.severity];
  const payload = { summary, source, severity, timestamp, component: message.changes[0]!.services[0], custom_details };
  return { url: secret.address, headers, body: JSON.stringify({ routing_key, event_action: 'trigger', dedup_key, payload, links, client: 'Statusdesk' }) };
}

function classifyPagerDuty(answer: ReceiverAnswer): DeliveryVerdict {
  if (answer.status === 400) {
    let errors: string[] = [];
    try {
      const body = JSON.parse(answer.text) as { errors?: unknown };
      if (Array.isArray(body.errors)) errors = body.errors.filter((e): e is string => typeof e === 'string').slice(0, 3);
    } catch {
      // An answer that is not JSON still is a refusal.
    }
    return { kind: 'refused', reason: `PagerDuty refused the event as invalid${errors.length > 0 ? `: ${cut(errors.join('; '), 300)}` : ''} (400)` };
  }
  if (answer.status === 404) return { kind: 'refused', reason: 'the address is not PagerDuty’s Events API (404)' };
  return readAnswer(answer, 'PagerDuty');
}

export const pagerDutyFormat: DestinationFormat = {
  kind: 'pagerduty',
  defaultAddress: PAGERDUTY_DEFAULT_ADDRESS,
  checkSecret: ({ address, key }) => {
    const checked = checkServiceAddress(address?.trim() ? address : PAGERDUTY_DEFAULT_ADDRESS, {
      expected: 'PagerDuty’s Events API address (https://events.pagerduty.com/v2/enqueue, or events.eu.pagerduty.com)',
      hostAllowed: (host) => host === 'events.pagerduty.com' || host === 'events.eu.pagerduty.com',
      pathAllowed: (path) => path === ENQUEUE_PATH,
    });
    if (!checked.ok) return checked;
    const routingKey = (key ?? '').trim();
    if (!ROUTING_KEY.test(routingKey))
      return { ok: false, problem: 'The routing key must be the 32 letters and digits of the service’s Events API v2 integration key.' };
    return { ...checked, key: routingKey };
  },
  rateLimit: { messages: 120, perMs: 60_000, source: 'https://developer.pagerduty.com/docs/events-api-v2/rate-limits/ (about 120 events a minute per key)' },
  request: eventRequest,
  classify: classifyPagerDuty,
};
