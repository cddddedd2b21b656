import type { AlertDestination } from '@shared/alerts/alert-destination';
import type { AlertRule } from '@shared/alerts/alert-rule';
import { isAtLeast } from '@shared/monitor/severity';
import type { RoutedChange } from './changes-of-poll';

/*
 * Which destinations a change goes to: those with at least one enabled rule that matches it (shared/alerts/
 * alert-rule.ts). A destination with no rule receives nothing; a disabled destination receives nothing.
 */

function ruleMatches(rule: AlertRule, routed: RoutedChange): boolean {
  const change = routed.change;
  if (!rule.enabled) return false;
  if (rule.pageIds !== null && !rule.pageIds.includes(change.pageId)) return false;
  if (!isAtLeast(change.severity, rule.minSeverity)) return false;
  // Openings and resolutions only: level changes are openings and ends of their own.
  if (rule.updates === 'open-and-resolve' && change.phase === 'updated') return false;
  if (rule.services.length === 0) return true;
  // A rule on a service covers its children: the change's ids carry their parents.
  return rule.services.some((service) => service.pageId === change.pageId && routed.serviceIds.includes(service.serviceId));
}

export interface RouteTarget {
  destination: AlertDestination;
  /** The matching rules: quiet hours hold a change only when every one of them is quiet. */
  rules: AlertRule[];
}

export function targetsOf(routed: RoutedChange, destinations: readonly AlertDestination[], rules: readonly AlertRule[]): RouteTarget[] {
  const targets: RouteTarget[] = [];
  for (const destination of destinations) {
    if (!destination.enabled) continue;
    const matching = rules.filter((rule) => rule.destinationId === destination.id && ruleMatches(rule, routed));
    if (matching.length > 0) targets.push({ destination, rules: matching });
  }
  return targets;
}
