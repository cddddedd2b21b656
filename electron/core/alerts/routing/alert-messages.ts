import type { AlertChange, AlertMessage } from '@shared/alerts/alert-message';
import { stableId } from '@shared/monitor/event-id';
import { SEVERITY_RANK, worseSeverity, type Severity } from '@shared/monitor/severity';
import { countWords } from '@shared/people-words/count-words';
import type { RoutedChange } from './changes-of-poll';

/*
 * The messages routing hands to delivery: one change as it is, or a digest of several (many pages at once,
 * or what quiet hours held). A digest is bounded: the most severe changes first, the rest counted.
 */

/** Changes listed in one digest; the rest are counted in its title ("and 480 more"). */
export const MAX_DIGEST_CHANGES = 20;

export function singleMessage(routed: RoutedChange, createdAt: string): AlertMessage {
  return {
    key: routed.key,
    incidentKey: routed.incidentKey,
    action: routed.action,
    title: `${routed.change.pageName}: ${routed.change.headline}`,
    severity: routed.change.severity,
    changes: [routed.change],
    test: false,
    createdAt,
  };
}

/**
 * One message for several changes. Its key is made of theirs, so the same digest built twice (a restart
 * before what quiet hours held was marked sent) is the same message to a receiver that deduplicates.
 */
export function digestMessage(destinationId: string, routed: readonly RoutedChange[], createdAt: string, why: 'flood' | 'quiet'): AlertMessage {
  if (routed.length === 0) throw new RangeError('A digest needs at least one change.');
  const ordered = [...routed].sort((a, b) => SEVERITY_RANK[b.change.severity] - SEVERITY_RANK[a.change.severity] || a.change.at.localeCompare(b.change.at));
  const listed = ordered.slice(0, MAX_DIGEST_CHANGES);
  const more = ordered.length - listed.length;
  const pages = new Set(routed.map((r) => r.change.pageId)).size;
  const severity = routed.reduce<Severity>((worst, r) => worseSeverity(worst, r.change.severity), 'operational');
  const what = `${countWords(routed.length, 'change')} on ${countWords(pages, 'page')}`;
  const title = `${why === 'quiet' ? 'During quiet hours' : 'Many pages changed'}: ${what}${more > 0 ? ` (${listed.length} listed, and ${more} more)` : ''}`;
  return {
    key: `digest-${stableId([destinationId, ...routed.map((r) => r.key).sort()])}`,
    incidentKey: `digest:${destinationId}`,
    action: 'info',
    title,
    severity,
    changes: listed.map((r): AlertChange => r.change),
    test: false,
    createdAt,
  };
}
