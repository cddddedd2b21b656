import { subscriptionKindOf } from '../admin/forms/subscription-form';
import { apiDateTimeToEpochMs } from '../statuspal/datetime';
import { csvLine } from './csv';
import { isoInZone } from './iso-in-zone';

/*
 * What an export of each list holds, in one place for the window and the command line: the columns of its CSV
 * (the fields a spreadsheet or an importer wants, in the API's own names) and the JSON (the items as the API
 * gave them). Subscriptions exported here import again (the subscriber import reads these columns).
 */

export const EXPORT_KINDS = [
  'subscriptions',
  'members',
  'services',
  'incidents',
  'notices',
  'metricPoints',
  'webhooks',
  'accessGroups',
  'statusPages',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type ExportFormat = 'csv' | 'json';

type Item = Record<string, unknown>;

interface ExportColumn {
  header: string;
  value: (item: Item, options: ExportOptions) => unknown;
}

/** The zone the times are written in (an IANA name; default UTC), each with its offset. */
interface ExportOptions {
  zone?: string;
}

const field =
  (name: string): ExportColumn['value'] =>
  (item) =>
    item[name];
const column = (header: string, value: ExportColumn['value'] = field(header)): ExportColumn => ({ header, value });
/**
 * A time: the API's are naive UTC (`2026-12-02T00:38:14`), which a spreadsheet reads as local time; written with
 * the offset of the chosen zone, the same moment for everyone.
 */
const time = (header: string): ExportColumn =>
  column(header, (item, options) => {
    const value = item[header];
    const at = typeof value === 'string' ? apiDateTimeToEpochMs(value) : null;
    return at === null ? value : isoInZone(at, options.zone ?? 'UTC');
  });
const updatesOf = (item: Item): Item[] => (Array.isArray(item.updates) ? item.updates.filter((u): u is Item => u !== null && typeof u === 'object') : []);
/** The newest update: the API lists them newest first. */
const latest = (item: Item): Item | undefined => updatesOf(item)[0];

const EXPORT_COLUMNS: { readonly [K in ExportKind]: readonly ExportColumn[] } = {
  subscriptions: [
    column('id'),
    column('kind', (item) => subscriptionKindOf(item) ?? ''),
    column('email'),
    column('phone_country_code'),
    column('phone_number'),
    column('webhook_url'),
    column('service_ids'),
    time('inserted_at'),
  ],
  members: [column('id'), column('email'), column('name'), column('role'), time('inserted_at')],
  services: [column('id'), column('name'), column('parent_id'), column('order'), column('private'), column('description')],
  incidents: [
    column('id'),
    column('type'),
    column('title'),
    time('starts_at'),
    time('ends_at'),
    column('service_ids'),
    column('updates', (item) => updatesOf(item).length),
    column('latest_update_type', (item) => latest(item)?.type),
    column('latest_update', (item) => latest(item)?.description),
    column('url'),
  ],
  notices: [
    column('id'),
    column('title'),
    time('featured_from'),
    time('featured_until'),
    column('service_ids'),
    column('updates', (item) => updatesOf(item).length),
    column('url'),
  ],
  metricPoints: [column('metric_id'), column('time'), column('value'), column('state'), time('queued_at')],
  webhooks: [column('id'), column('url'), column('events')],
  accessGroups: [column('id'), column('name'), column('service_ids')],
  statusPages: [column('subdomain'), column('name'), column('url'), column('time_zone')],
};

export function csvHeader(kind: ExportKind): string {
  return csvLine(EXPORT_COLUMNS[kind].map((c) => c.header));
}

export function csvRow(kind: ExportKind, item: Item, options: ExportOptions = {}): string {
  return csvLine(EXPORT_COLUMNS[kind].map((c) => c.value(item, options)));
}

/** A whole export as one text: the CSV with its header, or the items as a JSON array (one item a line). */
export function exportText(kind: ExportKind, format: ExportFormat, items: readonly Item[], options: ExportOptions = {}): string {
  if (format === 'csv') return csvHeader(kind) + items.map((item) => csvRow(kind, item, options)).join('');
  return items.length === 0 ? '[]\n' : `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
}

/** "acme-subscriptions-2026-06-01.csv" */
export function exportFileName(kind: ExportKind, format: ExportFormat, where: string, now: Date = new Date()): string {
  const words: Record<ExportKind, string> = {
    subscriptions: 'subscriptions',
    members: 'members',
    services: 'services',
    incidents: 'incidents',
    notices: 'notices',
    metricPoints: 'metric-points',
    webhooks: 'webhooks',
    accessGroups: 'access-groups',
    statusPages: 'status-pages',
  };
  const safe = where.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${words[kind]}-${now.toISOString().slice(0, 10)}.${format}`;
}
