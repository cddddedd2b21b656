import type { BaseLevel } from '../../statuspage/levels';

/*
 * The provider format's levels on the app's four base levels.
 *
 * Components: degraded_performance → minor; partial_outage → MAJOR; major_outage → major;
 * under_maintenance → scheduled (maintenance). partial_outage is major because requests fail for
 * some users (the on-call has to act now, not later), and because the format's own roll-up calls a
 * page with a partial outage "Partial System Outage" under the `major` indicator: mapping it to
 * minor would let the tray say "minor incident" while the provider's own page says outage.
 *
 * Incident impact and the page's status.indicator: none → operational (the provider says it
 * affects nobody: shown, never raises the tray), minor → minor, major and critical → major,
 * maintenance → scheduled.
 *
 * Anything else (a value the format may gain later) is minor, as the app's own unknown incident
 * types are: something is going on, but claiming an outage from an unknown word would be worse.
 */

const COMPONENT_LEVELS: Readonly<Record<string, BaseLevel>> = {
  operational: 'operational',
  degraded_performance: 'minor',
  partial_outage: 'major',
  major_outage: 'major',
  under_maintenance: 'scheduled',
};

const IMPACT_LEVELS: Readonly<Record<string, BaseLevel>> = {
  none: 'operational',
  minor: 'minor',
  major: 'major',
  critical: 'major',
  maintenance: 'scheduled',
};

export const UNKNOWN_PROVIDER_LEVEL: BaseLevel = 'minor';

/** A component's status; a missing status is operational (nothing said), an unknown one minor. */
export function componentLevel(status: string | null | undefined): BaseLevel {
  if (status === null || status === undefined || status === '') return 'operational';
  return Object.hasOwn(COMPONENT_LEVELS, status) ? COMPONENT_LEVELS[status]! : UNKNOWN_PROVIDER_LEVEL;
}

/** An incident's impact or the page's status.indicator; `missing` when the field is absent. */
export function impactLevel(impact: string | null | undefined, missing: BaseLevel = UNKNOWN_PROVIDER_LEVEL): BaseLevel {
  if (impact === null || impact === undefined || impact === '') return missing;
  return Object.hasOwn(IMPACT_LEVELS, impact) ? IMPACT_LEVELS[impact]! : UNKNOWN_PROVIDER_LEVEL;
}
