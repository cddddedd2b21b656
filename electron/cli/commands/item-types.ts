import { AppError } from '@shared/errors';
import { isBaseLevel, isBuiltInIncidentType, learnCustomTypes, type BaseLevel } from '@shared/statuspal/levels';
import type { CliContext } from '../context';
import { CliUsageError } from '../output';

/*
 * Which `--type` a page takes. The API has no list of a page's types: the named ones (major, minor,
 * scheduled) always, and a custom type once the page shows it (its summary, its incidents). A type nothing
 * shows, that the server refused, is refused with the ones it could be.
 */

type TypeUse = 'incident' | 'maintenance';

const NAMED: Record<TypeUse, readonly string[]> = {
  incident: ['major', 'minor', 'scheduled'],
  maintenance: ['scheduled'],
};

/** Custom types the page shows, with the base level known for each (null: seen, level unknown). */
async function customTypesOf(ctx: CliContext, subdomain: string): Promise<Map<string, BaseLevel | null>> {
  const client = await ctx.client(subdomain);
  const [summary, incidents] = await Promise.all([client.getPageSummary({ subdomain }), client.listIncidents({ subdomain, limit: 100 })]);
  const found = new Map<string, BaseLevel | null>(Object.entries(learnCustomTypes(summary)));
  for (const incident of [...summary.incidents, ...summary.maintenances, ...incidents.items]) {
    if (!isBaseLevel(incident.type) && !found.has(incident.type)) found.set(incident.type, null);
  }
  return found;
}

/**
 * Why a `--type` cannot be right for the page, naming the allowed values; null when it is a named type, one
 * the page shows, or the page cannot be read (offline: the server has the last word). Asked only after the
 * server refused a write or a filtered list came back empty, so a type the page has but never used is never
 * refused by the command line itself.
 */
export async function typeRefusal(ctx: CliContext, subdomain: string, type: string, use: TypeUse): Promise<string | null> {
  if (NAMED[use].includes(type)) return null;
  const named = namedTypeRefusal(type, use);
  if (named) return named;
  let custom: Map<string, BaseLevel | null>;
  try {
    custom = await customTypesOf(ctx, subdomain);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const usable = [...custom].filter(([, level]) => use === 'incident' || level === 'scheduled').map(([name]) => name);
  if (usable.includes(type)) return null;
  const allowed = [...NAMED[use], ...usable];
  return `--type "${type}" is not a${use === 'incident' ? 'n incident' : ' maintenance'} type of ${subdomain}; allowed: ${allowed.join(', ')}`;
}

/** An incident type named by the API given where a maintenance type is wanted (major, minor). */
export function namedTypeRefusal(type: string, use: TypeUse): string | null {
  if (use !== 'maintenance' || !isBuiltInIncidentType(type) || type === 'scheduled') return null;
  return `--type "${type}" is an incident type, not a maintenance type; allowed: scheduled or a custom maintenance type of the page`;
}

/** A list filtered by a type that cannot be right is refused (exit 2) rather than answered "none". */
export async function checkListType(ctx: CliContext, subdomain: string, type: string, use: TypeUse): Promise<void> {
  const refusal = await typeRefusal(ctx, subdomain, type, use);
  if (refusal) throw new CliUsageError(refusal);
}
