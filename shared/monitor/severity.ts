import { z } from 'zod';
import type { BaseLevel } from '../statuspal/levels';

/**
 * What the user ranks notifications and the tray by. Same order as the API's base levels, with
 * `scheduled` named `maintenance` because that is what a person calls it.
 */
export const SEVERITIES = ['operational', 'maintenance', 'minor', 'major'] as const;

export const severitySchema = z.enum(SEVERITIES);

export type Severity = z.infer<typeof severitySchema>;

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { operational: 0, maintenance: 1, minor: 2, major: 3 };

export function severityOfLevel(level: BaseLevel): Severity {
  return level === 'scheduled' ? 'maintenance' : level;
}

export function isAtLeast(severity: Severity, minimum: Severity): boolean {
  return SEVERITY_RANK[severity] >= SEVERITY_RANK[minimum];
}

export function worseSeverity(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[b] > SEVERITY_RANK[a] ? b : a;
}
