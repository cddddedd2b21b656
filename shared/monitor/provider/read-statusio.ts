import { worstLevel, type BaseLevel } from '../../statuspal/levels';
import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot, UpdateSnapshot } from '../snapshot';
import { parseJsonAs, ProviderNotUnderstoodError, type FormatName } from './not-understood';
import { isoOrNull, isRecord, pageOf, text } from './page-parts';
import { providerNumericId } from './provider-id';
import { unknownWord, UNKNOWN_PROVIDER_LEVEL, worseOf } from './provider-levels';

/** How "not understood" names this format (its record, formats/statusio.ts, carries the same). */
export const STATUSIO = { id: 'statusio', notUnderstoodAs: 'a status.io page' } as const satisfies FormatName;

/*
 * status.io's public status API, `GET https://api.status.io/1.0/status/<page id>` (kb.status.io,
 * "Public Status API"): `{ result: { status_overall, status: [components with containers],
 * incidents, maintenance: { active, upcoming } } }`. Status codes: 100 operational, 200 planned
 * maintenance, 300 degraded performance, 400 partial service disruption, 500 service disruption,
 * 600 security event. 300 → minor; 400, 500 and 600 → major (requests fail); 200 → maintenance.
 * Another code is "unknown (<code> <words>)", at least minor and never better than status_overall.
 * Components are services, their containers (locations) the children. An incident's level is its
 * latest message's status code.
 */

const CODE_LEVELS: Readonly<Record<number, BaseLevel>> = { 100: 'operational', 200: 'scheduled', 300: 'minor', 400: 'major', 500: 'major', 600: 'major' };
const STATE_WORDS: Readonly<Record<number, string>> = { 100: 'investigating', 200: 'identified', 300: 'monitoring' };

function levelOf(code: unknown, floor: BaseLevel): BaseLevel {
  return typeof code === 'number' && Object.hasOwn(CODE_LEVELS, code) ? CODE_LEVELS[code]! : worseOf(UNKNOWN_PROVIDER_LEVEL, floor);
}

function wordOf(item: Record<string, unknown>): string | null {
  const code = item.status_code;
  const words = text(item.status);
  if (typeof code === 'number' && Object.hasOwn(CODE_LEVELS, code)) return code === 100 ? null : (words ?? String(code));
  return unknownWord(`${typeof code === 'number' ? code : '?'}${words ? ` ${words}` : ''}`);
}

const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
const idOf = (item: Record<string, unknown>) => text(item.id) ?? text(item._id) ?? text(item.name) ?? 'item';

function serviceOf(item: Record<string, unknown>, floor: BaseLevel, children: ServiceSnapshot[]): ServiceSnapshot {
  const level = levelOf(item.status_code, floor);
  return {
    id: providerNumericId('component', idOf(item)),
    name: text(item.name) ?? '',
    currentType: level === 'operational' ? null : wordOf(item),
    level,
    children,
  };
}

function eventOf(item: Record<string, unknown>, maintenance: boolean, floor: BaseLevel): IncidentSnapshot {
  const messages = list(item.messages);
  let latest: Record<string, unknown> | null = null;
  for (const message of messages)
    if (latest === null || (Date.parse(String(message.datetime)) || 0) >= (Date.parse(String(latest.datetime)) || 0)) latest = message;
  const key = idOf(item);
  const update: UpdateSnapshot | null =
    latest === null
      ? null
      : {
          id: providerNumericId('update', `${key}:${String(latest.datetime)}`),
          type: typeof latest.state === 'number' ? (STATE_WORDS[latest.state] ?? String(latest.state)) : null,
          description: text(latest.details) ?? '',
          postedAt: isoOrNull(latest.datetime),
        };
  const components = [...list(item.components_affected), ...list(item.containers_affected)];
  return {
    id: providerNumericId('incident', key),
    type: maintenance ? 'maintenance' : 'incident',
    level: maintenance ? 'scheduled' : latest === null ? UNKNOWN_PROVIDER_LEVEL : worseOf(levelOf(latest.status, floor), 'minor'),
    title: text(item.name) ?? '(untitled)',
    url: null,
    startsAt: maintenance ? (isoOrNull(item.datetime_planned_start) ?? isoOrNull(item.datetime_open)) : isoOrNull(item.datetime_open),
    endsAt: maintenance ? isoOrNull(item.datetime_planned_end) : null,
    serviceIds: components.map((c) => providerNumericId('component', idOf(c))),
    updateIds: messages.map((m) => providerNumericId('update', `${key}:${String(m.datetime)}`)),
    latestUpdate: update,
    resolved: false,
  };
}

export function readStatusioPage(body: string, pageUrl: string): PageSnapshot {
  const json = parseJsonAs(STATUSIO, body);
  const result = isRecord(json) ? json.result : undefined;
  if (!isRecord(result) || !isRecord(result.status_overall)) throw new ProviderNotUnderstoodError(STATUSIO, 'there is no result.status_overall');
  const overall = result.status_overall;
  if (typeof overall.status_code !== 'number') throw new ProviderNotUnderstoodError(STATUSIO, 'result.status_overall.status_code is not a number');
  const known = Object.hasOwn(CODE_LEVELS, overall.status_code);
  const floor = known ? CODE_LEVELS[overall.status_code]! : UNKNOWN_PROVIDER_LEVEL;
  const services = list(result.status).map((component) =>
    serviceOf(
      component,
      floor,
      list(component.containers).map((container) => serviceOf({ ...container, id: `${idOf(component)}/${idOf(container)}` }, floor, [])),
    ),
  );
  const incidents = list(result.incidents).map((i) => eventOf(i, false, floor));
  const maintenance = isRecord(result.maintenance) ? result.maintenance : {};
  const active = list(maintenance.active).map((m) => eventOf(m, true, floor));
  const upcoming = list(maintenance.upcoming).map((m) => eventOf(m, true, floor));
  const derived = worstLevel([...incidents.map((i) => i.level), ...services.map((s) => s.level), ...(active.length > 0 ? ['scheduled' as const] : [])]);
  return pageOf({
    pageUrl,
    name: null,
    url: null,
    level: known ? worseOf(floor, derived) : worseOf(UNKNOWN_PROVIDER_LEVEL, derived),
    currentType: wordOf(overall),
    hasStatusType: known,
    services,
    incidents,
    maintenances: active,
    upcomingMaintenances: upcoming,
  });
}
