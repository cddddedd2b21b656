import { alertRuleSchema, type AlertRuleInput } from '@shared/alerts/alert-rule';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import { SEVERITIES, severitySchema } from '@shared/monitor/severity';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { describeIssues } from '@shared/validation/describe-issues';
import { CliUsageError } from '../output';
import { pageName } from './alerts-lines';

/*
 * `statusdesk alerts rule`'s options into the rule the window would save: pages by the names the dashboard
 * shows (or their subdomain, address or id), a level, which updates, and quiet hours as one range.
 */

export interface RuleOptions {
  pages?: string[];
  minLevel?: string;
  onlyOpenResolve?: boolean;
  quiet?: string;
  replace?: string;
  off?: boolean;
}

/** A watched page named by its id, its shown name, its subdomain or its address (case aside). */
function findPage(pages: readonly WatchedPage[], wanted: string): WatchedPage {
  const lower = wanted.trim().toLowerCase();
  const found =
    pages.find((p) => p.id === wanted) ??
    pages.find((p) => pageName(p).toLowerCase() === lower) ??
    pages.find((p) => p.subdomain.toLowerCase() === lower) ??
    pages.find((p) => p.url !== undefined && p.url.toLowerCase().replace(/\/+$/, '') === lower.replace(/\/+$/, ''));
  if (!found) {
    throw new CliUsageError(
      `no watched page "${wanted}" (watched: ${pages.map(pageName).join(', ') || 'none'}); --pages takes the names statusdesk alerts list shows`,
    );
  }
  return found;
}

/** "22:00-07:00" (or with an en dash) as quiet hours; "off" for none. */
export function quietHours(text: string): AlertRuleInput['quietHours'] {
  if (text.trim().toLowerCase() === 'off') return null;
  const match = /^\s*(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})\s*$/.exec(text);
  if (!match) throw new CliUsageError(`--quiet takes a range of times as HH:MM-HH:MM (e.g. 22:00-07:00), or off; not "${text}"`);
  const pad = (time: string) => time.padStart(5, '0');
  return { from: pad(match[1]!), to: pad(match[2]!) };
}

/** The rule to save for `destination`, checked against the rule's own schema. */
export function ruleFromOptions(
  destination: AlertDestination,
  options: RuleOptions,
  pages: readonly WatchedPage[],
): Omit<AlertRuleInput, 'id'> & { id?: string } {
  let minSeverity: AlertRuleInput['minSeverity'];
  if (options.minLevel !== undefined) {
    const parsed = severitySchema.safeParse(options.minLevel.toLowerCase());
    if (!parsed.success) throw new CliUsageError(`--min-level must be one of ${SEVERITIES.join(', ')}; not "${options.minLevel}"`);
    minSeverity = parsed.data;
  }
  const pageIds = options.pages === undefined || options.pages.length === 0 ? null : [...new Set(options.pages.map((name) => findPage(pages, name).id))];
  const rule = {
    ...(options.replace === undefined ? {} : { id: options.replace }),
    destinationId: destination.id,
    pageIds,
    ...(minSeverity === undefined ? {} : { minSeverity }),
    updates: options.onlyOpenResolve ? ('open-and-resolve' as const) : ('all' as const),
    quietHours: options.quiet === undefined ? null : quietHours(options.quiet),
    enabled: options.off !== true,
  };
  const checked = alertRuleSchema.omit({ id: true }).safeParse(rule);
  if (!checked.success) throw new CliUsageError(describeIssues(checked.error.issues));
  return rule;
}
