import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertDestinationKind } from '@shared/alerts/alert-destination';
import type { AlertRule } from '@shared/alerts/alert-rule';
import { SEVERITIES, type Severity } from '@shared/monitor/severity';
import { severityWords } from '@shared/people-words/level-words';
import { clockTime } from '@/lib/api-time';

/*
 * The Alerts screen's words: what a delivery's state is, what a rule sends, where a destination's address or
 * key comes from. Kept apart from the components so they read the same everywhere and are tested alone.
 */

/** What the user pastes for each kind, and where they get it: the service's own names for the place. */
export const DESTINATION_FIELDS: Readonly<
  Record<
    AlertDestinationKind,
    { field: 'address' | 'key'; label: string; where: string; placeholder: string; eventsAddress?: { default: string; hint: string } }
  >
> = {
  slack: {
    field: 'address',
    label: 'Webhook address',
    where: 'In Slack, add the “Incoming Webhooks” app to the channel and copy its Webhook URL.',
    placeholder: 'https://hooks.slack.com/services/…',
  },
  teams: {
    field: 'address',
    label: 'Workflow address',
    where: 'In Teams, open Workflows → “Post to a channel when a webhook request is received” and copy the address it gives.',
    placeholder: 'https://…/workflows/…',
  },
  pagerduty: {
    field: 'key',
    label: 'Routing key',
    where: 'In PagerDuty, add an “Events API v2” integration to the service and copy its Integration Key (the routing key).',
    placeholder: '32 characters',
    eventsAddress: {
      default: 'https://events.pagerduty.com/v2/enqueue',
      hint: 'An account in PagerDuty’s EU service region sends to https://events.eu.pagerduty.com/v2/enqueue.',
    },
  },
  webhook: {
    field: 'address',
    label: 'Receiver address',
    where: 'The https address your receiver listens on. A signing secret is made for you and shown once: give it to the receiver.',
    placeholder: 'https://alerts.example.com/statusdesk',
  },
};

/** The least severe change a rule sends, in the app's level words, from operational (everything) up. */
export const MIN_LEVEL_CHOICES: ReadonlyArray<{ value: Severity; label: string }> = SEVERITIES.map((severity) => ({
  value: severity,
  label: severity === 'operational' ? 'Every change (recoveries too)' : `${severityWords(severity)} or worse`,
}));

/** The delivery's state as the log says it: Queued, Held (quiet hours until 07:00 CET), Delivered, Not delivered. */
export function deliveryStateWords(delivery: Pick<AlertDeliveryView, 'state' | 'nextAttemptAt'>, nowMs = Date.now()): string {
  switch (delivery.state) {
    case 'queued':
      return 'Queued';
    case 'held':
      return delivery.nextAttemptAt ? `Held (quiet hours until ${clockTime(delivery.nextAttemptAt, null, nowMs)})` : 'Held (quiet hours)';
    case 'delivered':
      return 'Delivered';
    case 'not_delivered':
      return 'Not delivered';
  }
}

/** Why a delivery failed, without a leading "Not delivered:" the state beside it already says. */
export function problemWords(problem: string): string {
  const rest = problem.replace(/^not delivered:\s*/i, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The Test button's outcome, in one sentence. */
export function testOutcomeWords(delivery: Pick<AlertDeliveryView, 'state' | 'problem' | 'nextAttemptAt' | 'destinationName'>, nowMs = Date.now()): string {
  const name = delivery.destinationName;
  switch (delivery.state) {
    case 'delivered':
      return `Delivered: ${name} accepted the test message.`;
    case 'not_delivered':
      return `Not delivered: ${delivery.problem ? problemWords(delivery.problem) : `${name} refused the test message.`}`;
    case 'held':
      return `${deliveryStateWords(delivery, nowMs)}: the test waits for quiet hours to end.`;
    case 'queued':
      return `Queued: not delivered yet${delivery.problem ? ` (${problemWords(delivery.problem)})` : ''}; it is tried again${delivery.nextAttemptAt ? ` at ${clockTime(delivery.nextAttemptAt, null, nowMs)}` : ''}.`;
  }
}

/** A rule in one line: "All watched pages · Minor incident or worse · openings and resolutions only · quiet 22:00–07:00". */
export function ruleSummary(rule: AlertRule, pageName: (pageId: string) => string | undefined): string {
  const pages =
    rule.pageIds === null
      ? 'Every watched page'
      : rule.pageIds.length === 0
        ? 'No page'
        : rule.pageIds.map((id) => pageName(id) ?? 'a page no longer watched').join(', ');
  const services = rule.services.length === 0 ? [] : [`${rule.services.length} ${rule.services.length === 1 ? 'service' : 'services'}`];
  const level = MIN_LEVEL_CHOICES.find((choice) => choice.value === rule.minSeverity)?.label ?? rule.minSeverity;
  const updates = rule.updates === 'all' ? 'every update' : 'openings and resolutions only';
  const quiet = rule.quietHours ? [`quiet ${rule.quietHours.from}–${rule.quietHours.to}`] : [];
  return [pages, ...services, level, updates, ...quiet, ...(rule.enabled ? [] : ['off'])].join(' · ');
}

/** A signing secret for a webhook: 32 random bytes, base64url, made in the window so it can be shown once. */
export function newSigningSecret(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
