import type { BaseLevel } from '../statuspal/levels';
import { SEVERITY_RANK, severityOfLevel } from '../monitor/severity';

/** Degraded (minor) or down (major): what "what else was down then" lists. Maintenance is planned, not down. */
export function isDegraded(level: BaseLevel): boolean {
  return level === 'minor' || level === 'major';
}

/** Up for availability: operational, or in a maintenance the provider announced. */
export function isAvailable(level: BaseLevel): boolean {
  return level === 'operational' || level === 'scheduled';
}

export function worseLevel(a: BaseLevel, b: BaseLevel): BaseLevel {
  return SEVERITY_RANK[severityOfLevel(b)] > SEVERITY_RANK[severityOfLevel(a)] ? b : a;
}
