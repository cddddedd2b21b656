import { cachet } from './cachet';
import { feed } from './feed';
import { PROVIDER_FORMATS, type ProviderFormat } from './format-ids';
import { incidentio } from './incidentio';
import { instatus } from './instatus';
import type { ProviderFormatRecord } from './provider-format-record';
import { statusio } from './statusio';
import { statuspage } from './statuspage';

/*
 * The formats Statusdesk reads, one record each (provider-format-record.ts), in the order the window's list and
 * `--format` name them; an address's shape is asked in this order too (a loose shape last). Adding a format is
 * adding its record here and its id to format-ids.ts: the settings schema and every look-up follow from these.
 */

/** Each id's record, under its own id: an id without a record, or a record under another's id, does not compile. */
const RECORD_OF: { readonly [Id in ProviderFormat]: ProviderFormatRecord<Id> } = { statuspage, incidentio, instatus, statusio, cachet, feed };

export const PROVIDER_FORMAT_RECORDS: readonly ProviderFormatRecord<ProviderFormat>[] = PROVIDER_FORMATS.map((id) => RECORD_OF[id]);

export { PROVIDER_FORMATS, type ProviderFormat } from './format-ids';

/** The record of a format id (ids are parsed by providerFormatSchema before they get here). */
export function providerFormatRecord(id: ProviderFormat): ProviderFormatRecord<ProviderFormat> {
  const record: ProviderFormatRecord<ProviderFormat> | undefined = Object.hasOwn(RECORD_OF, id) ? RECORD_OF[id] : undefined;
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
