import { ALERT_DESTINATION_LABELS } from '@shared/alerts/alert-destination';
import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertRule } from '@shared/alerts/alert-rule';
import type { AlertsView } from '@shared/alerts/alerts-view';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { countWords } from '@shared/people-words/count-words';
import { table } from '../output';

/*
 * `statusdesk alerts list` in people's words: each destination with where it sends, whether its secret is in
 * place and its rules; then the delivery log, newest first, each delivery's state said plainly and a
 * delivery that was given up on in capitals with its reason, so it is never read past.
 */

type DestinationView = AlertsView['destinations'][number];

/** A page as the dashboard names it. */
export function pageName(page: Pick<WatchedPage, 'name' | 'subdomain' | 'url'>): string {
  return page.name ?? page.url ?? page.subdomain;
}

function secretWords(destination: Pick<DestinationView, 'secretStored' | 'lastFour'>): string {
  if (!destination.secretStored) return 'MISSING (add the destination again)';
  return destination.lastFour ? `stored …${destination.lastFour}` : 'stored';
}

/** One rule on one line: which pages, from which level, which updates, and its quiet hours. */
export function ruleWords(rule: AlertRule, pages: readonly WatchedPage[]): string {
  const names = (rule.pageIds ?? []).map((id) => {
    const page = pages.find((p) => p.id === id);
    return page ? pageName(page) : `${id} (no longer watched)`;
  });
  const which = rule.pageIds === null ? 'every watched page' : names.length === 0 ? 'no page' : names.join(', ');
  const services = rule.services.length === 0 ? '' : `, only ${countWords(rule.services.length, 'service')}`;
  const updates = rule.updates === 'all' ? 'openings, updates and resolutions' : 'openings and resolutions only';
  const quiet = rule.quietHours ? `; quiet ${rule.quietHours.from}–${rule.quietHours.to} (held below major, then one digest)` : '';
  const off = rule.enabled ? '' : ' (off)';
  return `${which}${services}; ${rule.minSeverity} and worse; ${updates}${quiet}${off}`;
}

export function destinationsText(view: AlertsView, pages: readonly WatchedPage[]): string {
  if (view.destinations.length === 0) return 'No alert destinations. Add one with: statusdesk alerts add slack --name NAME < webhook-address';
  const rows = [
    ['NAME', 'KIND', 'SENDS TO', 'ZONE', 'SECRET', 'ID'],
    ...view.destinations.map((d) => [d.enabled ? d.name : `${d.name} (off)`, ALERT_DESTINATION_LABELS[d.kind], d.origin, d.timeZone, secretWords(d), d.id]),
  ];
  const lines = [table(rows)];
  for (const destination of view.destinations) {
    const rules = view.rules.filter((rule) => rule.destinationId === destination.id);
    lines.push(
      '',
      `${destination.name}: ${rules.length === 0 ? 'no rules, so it receives nothing (statusdesk alerts rule NAME)' : countWords(rules.length, 'rule')}`,
    );
    for (const rule of rules) lines.push(`  ${rule.id}  ${ruleWords(rule, pages)}`);
  }
  return lines.join('\n');
}

/** A delivery's state in words: queued (and when it is tried next), held, delivered, or NOT DELIVERED and why. */
export function deliveryStateWords(delivery: AlertDeliveryView, time: (iso: string) => string): string {
  switch (delivery.state) {
    case 'queued': {
      const next = delivery.nextAttemptAt ? `, next try ${time(delivery.nextAttemptAt)}` : '';
      const why = delivery.problem ? ` (${delivery.problem})` : '';
      return `queued${next}${why}`;
    }
    case 'held':
      return 'held by quiet hours (sent in a digest when they end)';
    case 'delivered':
      return `delivered${delivery.deliveredAt ? ` ${time(delivery.deliveredAt)}` : ''}`;
    case 'not_delivered':
      return `NOT DELIVERED: ${delivery.problem ?? 'no reason was recorded'} (statusdesk alerts retry ${delivery.id})`;
  }
}

function deliveryLine(delivery: AlertDeliveryView, time: (iso: string) => string): string {
  const test = delivery.test ? 'test: ' : '';
  const changes = delivery.changes > 1 ? ` [${countWords(delivery.changes, 'change')}]` : '';
  const tries = delivery.attempts > 1 ? ` after ${countWords(delivery.attempts, 'attempt')}` : '';
  return `${time(delivery.queuedAt)}  ${delivery.destinationName}  ${test}${delivery.title}${changes}: ${deliveryStateWords(delivery, time)}${tries}  ${delivery.id}`;
}

export function deliveriesText(deliveries: readonly AlertDeliveryView[], time: (iso: string) => string): string {
  if (deliveries.length === 0) return 'Delivery log: nothing sent yet.';
  const failed = deliveries.filter((d) => d.state === 'not_delivered').length;
  const heading = `Delivery log, newest first (${countWords(deliveries.length, 'message')}${failed > 0 ? `, ${failed} NOT DELIVERED` : ''}):`;
  return [heading, ...deliveries.map((d) => deliveryLine(d, time))].join('\n');
}
