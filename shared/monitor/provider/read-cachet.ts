import { worstLevel, type BaseLevel } from '../../statuspal/levels';
import type { PageSnapshot, ServiceSnapshot } from '../snapshot';
import { parseJsonAs, ProviderNotUnderstoodError, type FormatName } from './not-understood';
import { isRecord, pageOf, text } from './page-parts';
import { providerNumericId } from './provider-id';
import { unknownWord, UNKNOWN_PROVIDER_LEVEL } from './provider-levels';

/** How "not understood" names this format (its record, formats/cachet.ts, carries the same). */
export const CACHET = { id: 'cachet', notUnderstoodAs: 'a Cachet page' } as const satisfies FormatName;

/*
 * A Cachet page's open API (no key for reads): Cachet 1.x and 2.x at `GET <page>/api/v1/components`
 * (docs.cachethq.io), `{ data: [{ id, name, status, status_name, enabled, group_id, order }], meta }`; Cachet 3
 * (cachethq/core) at `GET <page>/api/components`, JSON:API resources with the fields under `attributes` and
 * `status: { value, human }` (the fetcher asks v1, then the Cachet 3 path: formats/cachet.ts). Status: 1
 * operational, 2 performance issues → minor, 3 partial outage → major (requests fail), 4 major outage → major,
 * Cachet 3's 6 under maintenance → maintenance. Cachet 1.x answered `status` as the words and `status_id` as the
 * number: all three shapes are read. Another value (Cachet 3's 5, unknown) is "unknown (<words>)", at least minor. A disabled component is not shown. The components say the
 * page's level; Cachet's incidents are another request and are not read.
 */

const STATUS_LEVELS: Readonly<Record<number, BaseLevel>> = { 1: 'operational', 2: 'minor', 3: 'major', 4: 'major', 6: 'scheduled' };
const STATUS_WORDS: Readonly<Record<number, string>> = {
  1: 'operational',
  2: 'performance issues',
  3: 'partial outage',
  4: 'major outage',
  6: 'under maintenance',
};

function statusOf(fields: Record<string, unknown>): { code: number | null; words: string | null } {
  const raw = fields.status_id ?? fields.status;
  if (isRecord(raw)) return { code: Number(raw.value), words: text(raw.human) };
  const code = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null;
  return { code, words: text(fields.status_name) ?? (typeof fields.status === 'string' && code === null ? fields.status : null) };
}

function componentOf(item: Record<string, unknown>): ServiceSnapshot | null {
  const fields = isRecord(item.attributes) ? { ...item.attributes, id: item.id } : item;
  if (fields.enabled === false) return null;
  const { code, words } = statusOf(fields);
  const known = code !== null && Object.hasOwn(STATUS_LEVELS, code);
  const level = known ? STATUS_LEVELS[code]! : UNKNOWN_PROVIDER_LEVEL;
  return {
    id: providerNumericId('component', String(fields.id ?? fields.name)),
    name: text(fields.name) ?? '',
    currentType: level === 'operational' ? null : known ? STATUS_WORDS[code]! : unknownWord(words ?? String(code ?? '?')),
    level,
    children: [],
  };
}

export function readCachetPage(body: string, pageUrl: string): PageSnapshot {
  const json = parseJsonAs(CACHET, body);
  if (!isRecord(json) || !Array.isArray(json.data)) throw new ProviderNotUnderstoodError(CACHET, 'there is no data list of components');
  const items = json.data.filter(isRecord);
  // Cachet 3 names each resource's type: its incidents or schedules have names and statuses too, but say nothing of
  // the components' state.
  const otherType = items.map((item) => item.type).find((type) => type !== undefined && type !== 'components');
  if (otherType !== undefined) throw new ProviderNotUnderstoodError(CACHET, `the list holds ${String(otherType)}, not components`);
  if (items.some((item) => (isRecord(item.attributes) ? item.attributes.name : item.name) === undefined))
    throw new ProviderNotUnderstoodError(CACHET, 'a component has no name');
  const services = items.map(componentOf).filter((s): s is ServiceSnapshot => s !== null);
  const level = worstLevel(services.map((s) => s.level));
  const worst = services.find((s) => s.level === level && s.currentType !== null);
  return pageOf({ pageUrl, name: null, url: pageUrl, level, currentType: worst?.currentType ?? null, hasStatusType: false, services });
}
