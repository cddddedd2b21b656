import type { Severity } from '../monitor/severity';
import { isBaseLevel, type BaseLevel } from '../statuspal/levels';

/*
 * A level as people read it, the same in the window and on the command line: the four base levels in
 * words, a provider's component status or page indicator in its own words, and a page's custom incident
 * type spelled out with the level it counts as. Never a raw value such as "partial_outage".
 */

const LEVEL_WORDS: Readonly<Record<BaseLevel, string>> = {
  operational: 'Operational',
  scheduled: 'Maintenance',
  minor: 'Minor incident',
  major: 'Major outage',
};

/** Providers' words (Statuspage, incident.io, Instatus) that say more than the level, in people's words. */
const PROVIDER_WORDS: Readonly<Record<string, string>> = {
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  full_outage: 'Full outage',
  under_maintenance: 'Under maintenance',
  // Statuspage's worst impact is the major level: one name for it, not a second word beside "Major outage".
  critical: 'Major outage',
  maintenance: 'Maintenance',
  none: 'Operational',
  incident: 'Incident',
  up: 'Operational',
  hasissues: 'Has issues',
  degradedperformance: 'Degraded performance',
  minoroutage: 'Minor outage',
  partialoutage: 'Partial outage',
  majoroutage: 'Major outage',
  undermaintenance: 'Under maintenance',
};

/** A provider's word the app does not know, as its readers keep it: "unknown (<word>)". */
const UNKNOWN_WORD = /^unknown \((.*)\)$/s;

/** "emergency-maintenance" → "Emergency maintenance". */
function spelledOut(type: string): string {
  const words = type
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Major outage"; "Partial outage" for a provider's partial_outage; "Emergency maintenance (maintenance)" for
 * a page's own type, so the reader sees both the page's word and how Statusdesk counts it. With no level
 * (a type seen without the page's summary), a custom type is named alone.
 */
export function levelWords(level: BaseLevel | null, type?: string | null): string {
  if (!type || type === level) return LEVEL_WORDS[level ?? 'operational'];
  if (isBaseLevel(type)) return LEVEL_WORDS[level ?? type];
  const provider = Object.hasOwn(PROVIDER_WORDS, type) ? PROVIDER_WORDS[type] : undefined;
  if (provider) return provider;
  const unknown = UNKNOWN_WORD.exec(type);
  if (unknown) return `“${unknown[1]!.trim()}”, a state Statusdesk does not know (${LEVEL_WORDS[level ?? 'minor'].toLowerCase()})`;
  const words = spelledOut(type);
  // A custom type whose level is not known (a page's status alone does not say): its name, no guess.
  if (level === null) return words || LEVEL_WORDS.minor;
  const counted = LEVEL_WORDS[level].toLowerCase();
  return words.toLowerCase() === counted || words === '' ? LEVEL_WORDS[level] : `${words} (${counted})`;
}

/** A base level inside a sentence: "Acme: major outage", "(was maintenance)". */
export function levelInSentence(level: BaseLevel): string {
  return LEVEL_WORDS[level].toLowerCase();
}

/** A change of level, each side in its own words: "Partial outage → Operational", "Maintenance → Operational". */
export function levelChangeWords(from: BaseLevel, to: BaseLevel, fromType?: string | null, toType?: string | null): string {
  return `${levelWords(from, fromType)} → ${levelWords(to, toType)}`;
}

/** A notification severity in the same words as the level it stands for: "Maintenance", "Major outage". */
export function severityWords(severity: Severity): string {
  return LEVEL_WORDS[severity === 'maintenance' ? 'scheduled' : severity];
}
