/**
 * Base levels: the four severities that drive colours, the tray icon and notification
 * severity. Pages may define custom incident types (`performance`, `emergency-maintenance`,
 * ...); those stay strings for display and are mapped to a base level here.
 */
export const BASE_LEVELS = ['major', 'minor', 'scheduled', 'operational'] as const;

export type BaseLevel = (typeof BASE_LEVELS)[number];

/** Known custom incident types of one page, mapped to their base level. */
export type CustomTypeLevels = Readonly<Record<string, BaseLevel>>;

/** Higher is worse; `scheduled` ranks above operational but below any incident. */
export const LEVEL_SEVERITY: Readonly<Record<BaseLevel, number>> = {
  operational: 0,
  scheduled: 1,
  minor: 2,
  major: 3,
};

export function isBaseLevel(value: unknown): value is BaseLevel {
  return typeof value === 'string' && (BASE_LEVELS as readonly string[]).includes(value);
}

/** The three incident type keys the API names; anything else is a custom type. */
export function isBuiltInIncidentType(type: string): type is 'major' | 'minor' | 'scheduled' {
  return type === 'major' || type === 'minor' || type === 'scheduled';
}

interface BaseLevelContext {
  /**
   * The summary's `current_status_type`, only when `type` is the page's (or the service
   * summary's) own `current_incident_type`: the server says which base level that type has.
   * `undefined` = not known (older pages omit it); `null` = the server maps it to operational.
   */
  currentStatusType?: string | null;
  /** Custom types of this page learned earlier (see `learnCustomTypes`). */
  customTypes?: CustomTypeLevels;
  /**
   * Level for a custom type nothing else explains. Defaults to `minor`: something is going on,
   * but claiming an outage from an unknown name would be worse than under-stating it.
   */
  fallback?: BaseLevel;
}

/**
 * Maps an incident `type` or a `current_incident_type` to a base level.
 * `null`/absent means no incident: operational.
 */
export function toBaseLevel(type: string | null | undefined, context: BaseLevelContext = {}): BaseLevel {
  if (type === null || type === undefined || type === '') return 'operational';
  if (isBaseLevel(type)) return type;
  const known = context.customTypes;
  // hasOwn: a custom type named "constructor" must not hit Object.prototype.
  if (known && Object.hasOwn(known, type)) {
    const level = known[type];
    if (isBaseLevel(level)) return level;
  }
  if (context.currentStatusType === null) return 'operational';
  if (isBaseLevel(context.currentStatusType)) return context.currentStatusType;
  return context.fallback ?? 'minor';
}

/** The worst of several levels; operational for none. */
export function worstLevel(levels: Iterable<BaseLevel>): BaseLevel {
  let worst: BaseLevel = 'operational';
  for (const level of levels) if (LEVEL_SEVERITY[level] > LEVEL_SEVERITY[worst]) worst = level;
  return worst;
}

/** Minimal shape needed to learn custom types; a page or service summary fits. */
export interface CustomTypeEvidence {
  status_page?: { current_incident_type?: string | null } | undefined;
  service?: { current_incident_type?: string | null } | undefined;
  current_status_type?: string | null;
  maintenances?: ReadonlyArray<{ type?: string | null }>;
  upcoming_maintenances?: ReadonlyArray<{ type?: string | null }>;
}

/**
 * Learns the base level of custom types from a summary, merged over `known`:
 * the page's current type maps to `current_status_type` (when the server sends it), and
 * any type listed under (upcoming) maintenances is a maintenance type.
 */
export function learnCustomTypes(summary: CustomTypeEvidence, known: CustomTypeLevels = {}): Record<string, BaseLevel> {
  const learned: Record<string, BaseLevel> = { ...known };
  for (const list of [summary.maintenances, summary.upcoming_maintenances]) {
    for (const item of list ?? []) {
      const type = item.type;
      if (type && !isBaseLevel(type) && !Object.hasOwn(learned, type)) learned[type] = 'scheduled';
    }
  }
  const current = summary.status_page?.current_incident_type ?? summary.service?.current_incident_type;
  if (current && !isBaseLevel(current) && 'current_status_type' in summary) {
    // The server's word about the type active right now wins over earlier guesses.
    const status = summary.current_status_type;
    learned[current] = status === null || status === undefined ? 'operational' : isBaseLevel(status) ? status : (learned[current] ?? 'minor');
  }
  return learned;
}
