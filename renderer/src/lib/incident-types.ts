import { levelWords } from '@shared/people-words/level-words';
import { isBaseLevel, toBaseLevel, type BaseLevel, type CustomTypeLevels } from '@shared/statuspal/levels';

/** The incident types every page has; pages may add their own (learned from what the page shows). */
const BASE_INCIDENT_TYPES = ['major', 'minor', 'scheduled'] as const;

/** Update types seen on real pages; an open string on the wire, `resolved` closes the incident. */
export const UPDATE_TYPES = ['issue', 'update', 'monitoring', 'deescalate', 'scheduled', 'essential', 'info', 'resolved'] as const;

const UPDATE_LABELS: Record<string, string> = {
  issue: 'Investigating (issue)',
  update: 'Update',
  monitoring: 'Monitoring',
  deescalate: 'De-escalated',
  scheduled: 'Scheduled',
  essential: 'Essential',
  info: 'Information',
  resolved: 'Resolved',
};

/** A custom type is a key like `emergency-maintenance`: what the form accepts before anything is queued. */
export const CUSTOM_TYPE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * An incident type in the words the dashboard says its level in (shared/people-words/level-words.ts): a custom
 * type with the level it counts as on this page, when that is known.
 */
export function typeLabel(type: string, levels: CustomTypeLevels = {}): string {
  if (isBaseLevel(type)) return levelWords(type);
  return levelWords(Object.hasOwn(levels, type) ? levels[type]! : null, type);
}

export function updateTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Update';
  return UPDATE_LABELS[type] ?? type;
}

/** Base level of a type on this page: colours and the maintenance fields follow it, the name stays as text. */
export function levelOfType(type: string | null | undefined, levels: CustomTypeLevels): BaseLevel {
  return toBaseLevel(type ?? null, { customTypes: levels });
}

export function isMaintenanceType(type: string, levels: CustomTypeLevels): boolean {
  return type !== '' && levelOfType(type, levels) === 'scheduled';
}

/** Base types first, then the page's custom ones in name order, without duplicates. */
export function typeChoices(known: Iterable<string>): string[] {
  const custom = [...new Set(known)].filter((t) => t && !(BASE_INCIDENT_TYPES as readonly string[]).includes(t)).sort();
  return [...BASE_INCIDENT_TYPES, ...custom];
}
