import type { BaseLevel } from '../../statuspal/levels';
import { LEVEL_SEVERITY } from '../../statuspal/levels';

/*
 * The summary.json formats' levels on the app's four base levels: Atlassian Statuspage's words and
 * incident.io's, which serves the same path with its own.
 *
 * Components: degraded_performance → minor; partial_outage → MAJOR; major_outage and incident.io's
 * full_outage → major; under_maintenance → scheduled (maintenance). partial_outage is major because
 * requests fail for some users (the on-call has to act now, not later), and because the format's own
 * roll-up calls a page with a partial outage "Partial System Outage" under the `major` indicator.
 *
 * Incident impact and the page's status.indicator: none → operational (the provider says it affects
 * nobody: shown, never raises the tray), minor → minor, major and critical → major, maintenance →
 * scheduled. incident.io's indicator may name a component word (`full_outage`, `degraded_performance`),
 * read as the component's.
 *
 * Anything else is UNKNOWN: shown as "unknown (<word>)", at least minor (something is going on;
 * claiming an outage from an unknown word would be worse), and never better than the page's own
 * indicator says (`floor`).
 */

const COMPONENT_LEVELS: Readonly<Record<string, BaseLevel>> = {
  operational: 'operational',
  degraded_performance: 'minor',
  partial_outage: 'major',
  major_outage: 'major',
  full_outage: 'major',
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

/** The worse of two levels. */
export function worseOf(a: BaseLevel, b: BaseLevel): BaseLevel {
  return LEVEL_SEVERITY[a] >= LEVEL_SEVERITY[b] ? a : b;
}

/** How an unknown word is shown. */
export function unknownWord(word: string): string {
  return `unknown (${word})`;
}

export function isKnownComponentStatus(status: string): boolean {
  return Object.hasOwn(COMPONENT_LEVELS, status);
}

/**
 * A component's status; a missing status is operational (nothing said), an unknown one at least
 * minor and never better than `floor` (the page's own indicator).
 */
export function componentLevel(status: string | null | undefined, floor: BaseLevel = 'operational'): BaseLevel {
  if (status === null || status === undefined || status === '') return 'operational';
  return Object.hasOwn(COMPONENT_LEVELS, status) ? COMPONENT_LEVELS[status]! : worseOf(UNKNOWN_PROVIDER_LEVEL, floor);
}

export function isKnownImpact(impact: string): boolean {
  return Object.hasOwn(IMPACT_LEVELS, impact) || Object.hasOwn(COMPONENT_LEVELS, impact);
}

/** An incident's impact or the page's status.indicator; `missing` when the field is absent. */
export function impactLevel(impact: string | null | undefined, missing: BaseLevel = UNKNOWN_PROVIDER_LEVEL, floor: BaseLevel = 'operational'): BaseLevel {
  if (impact === null || impact === undefined || impact === '') return missing;
  if (Object.hasOwn(IMPACT_LEVELS, impact)) return IMPACT_LEVELS[impact]!;
  if (Object.hasOwn(COMPONENT_LEVELS, impact)) return COMPONENT_LEVELS[impact]!;
  return worseOf(UNKNOWN_PROVIDER_LEVEL, floor);
}

/** A maintenance's place: upcoming, active, or over (left out). Both vocabularies; an unknown word by its times. */
type MaintenancePhase = 'upcoming' | 'active' | 'over';

const MAINTENANCE_PHASES: Readonly<Record<string, MaintenancePhase>> = {
  scheduled: 'upcoming',
  maintenance_scheduled: 'upcoming',
  in_progress: 'active',
  verifying: 'active',
  maintenance_in_progress: 'active',
  completed: 'over',
  maintenance_complete: 'over',
  maintenance_completed: 'over',
};

/**
 * An unknown status is read from the window: before its start it is upcoming (a maintenance next month is
 * not running), after its end it is over, in between (or without times) active.
 */
export function maintenancePhase(status: string | null | undefined, window: { startsAt: string | null; endsAt: string | null }, now: number): MaintenancePhase {
  const word = status ?? 'scheduled';
  if (Object.hasOwn(MAINTENANCE_PHASES, word)) return MAINTENANCE_PHASES[word]!;
  const starts = window.startsAt === null ? NaN : Date.parse(window.startsAt);
  const ends = window.endsAt === null ? NaN : Date.parse(window.endsAt);
  if (Number.isFinite(starts) && now < starts) return 'upcoming';
  if (Number.isFinite(ends) && now >= ends) return 'over';
  return 'active';
}
