import type { BaseLevel } from '../../statuspal/levels';
import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot } from '../snapshot';
import { providerSlug } from './provider-id';

/* Pieces every provider reader shares: times as ISO strings, and the page model around what was read. */

export function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  const epoch = typeof value === 'number' ? value * (value < 1e12 ? 1000 : 1) : Date.parse(value);
  return Number.isFinite(epoch) ? new Date(epoch).toISOString() : null;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

interface PageParts {
  pageUrl: string;
  name: string | null;
  url: string | null;
  level: BaseLevel;
  /** The page's own word for its state when it is not operational (an unknown one as "unknown (<word>)"). */
  currentType: string | null;
  hasStatusType: boolean;
  services?: ServiceSnapshot[];
  incidents?: IncidentSnapshot[];
  maintenances?: IncidentSnapshot[];
  upcomingMaintenances?: IncidentSnapshot[];
}

export function pageOf(parts: PageParts): PageSnapshot {
  return {
    name: parts.name ?? new URL(parts.pageUrl).host,
    subdomain: providerSlug(parts.pageUrl),
    url: parts.url ?? parts.pageUrl,
    timeZone: null,
    currentType: parts.level === 'operational' ? null : (parts.currentType ?? parts.level),
    level: parts.level,
    hasStatusType: parts.hasStatusType,
    services: parts.services ?? [],
    incidents: parts.incidents ?? [],
    maintenances: parts.maintenances ?? [],
    upcomingMaintenances: parts.upcomingMaintenances ?? [],
    infoNotices: [],
    customTypes: {},
  };
}
