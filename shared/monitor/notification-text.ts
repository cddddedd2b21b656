import { levelWords } from '../people-words/level-words';
import type { IncidentRef } from './events';

/** Plain-English pieces of notification and tooltip text. */

export function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** "Major outage", "Minor incident", "Maintenance", or a custom type as the page names it, with its level. */
export function incidentTypeLabel(incident: Pick<IncidentRef, 'type' | 'level'>): string {
  return levelWords(incident.level, incident.type);
}

/** One line, at most `max` characters, whitespace collapsed. */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** `2025-11-13T21:00:00.000Z` → `2025-11-13 21:00 UTC`: locale-free, the adapter may reformat. */
export function shortUtc(iso: string | null): string {
  if (!iso) return 'unknown time';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
