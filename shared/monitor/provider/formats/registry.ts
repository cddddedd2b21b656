import { z } from 'zod';
import { cachet } from './cachet';
import { feed } from './feed';
import { incidentio } from './incidentio';
import { instatus } from './instatus';
import type { ProviderFormatRecord } from './provider-format-record';
import { statusio } from './statusio';
import { statuspage } from './statuspage';

/*
 * The formats Statusdesk reads, one record each (provider-format-record.ts), in the order the window's list and
 * `--format` name them; an address's shape is asked in this order too (a loose shape last). Adding a format is
 * adding its record here: the id type, the settings schema and every look-up follow from this list.
 */
export const PROVIDER_FORMAT_RECORDS = [statuspage, incidentio, instatus, statusio, cachet, feed] as const;

export type ProviderFormat = (typeof PROVIDER_FORMAT_RECORDS)[number]['id'];

export const PROVIDER_FORMATS = PROVIDER_FORMAT_RECORDS.map((record) => record.id) as [ProviderFormat, ...ProviderFormat[]];
export const providerFormatSchema = z.enum(PROVIDER_FORMATS);

const BY_ID: ReadonlyMap<string, ProviderFormatRecord<ProviderFormat>> = new Map(PROVIDER_FORMAT_RECORDS.map((record) => [record.id, record]));

/** The record of a format id (ids are parsed by providerFormatSchema before they get here). */
export function providerFormatRecord(id: ProviderFormat): ProviderFormatRecord<ProviderFormat> {
  const record = BY_ID.get(id);
  if (!record) throw new TypeError(`no provider format ${String(id)}`);
  return record;
}

export const PROVIDER_FORMAT_LABELS = Object.fromEntries(PROVIDER_FORMAT_RECORDS.map((record) => [record.id, record.label])) as Readonly<
  Record<ProviderFormat, string>
>;

/** A bare page address: the formats to ask, in turn, until one reader understands the answer. */
export const PROVIDER_FORMAT_TRIAL_ORDER: readonly ProviderFormat[] = PROVIDER_FORMAT_RECORDS.flatMap((record) =>
  record.detection.answer !== null && 'trial' in record.detection.answer ? [{ id: record.id, turn: record.detection.answer.trial }] : [],
)
  .sort((a, b) => a.turn - b.turn)
  .map((entry) => entry.id);
