import { parseJsonAs } from '../not-understood';
import { INCIDENTIO, readProviderSnapshot } from '../read-provider-snapshot';
import { JSON_ACCEPT, type ProviderFormatRecord } from './provider-format-record';
import { summaryDocumentUrls, trimSummaryPath } from './statuspage';

/**
 * Pages hosted on incident.io: the Statuspage API's path in their own words (`full_outage`;
 * `maintenance_scheduled` / `_in_progress` / `_complete`). The Statuspage reader knows both vocabularies, so a bare
 * address of such a page is found, and read right, as Statuspage; the format mostly says where to look.
 */
export const incidentio: ProviderFormatRecord<'incidentio'> = {
  ...INCIDENTIO,
  label: 'incident.io',
  addressHint: 'The status page’s address: checked at its /api/v2/summary.json.',
  documentUrls: summaryDocumentUrls,
  trimDocumentPath: trimSummaryPath,
  detection: { address: null, answer: { readAs: 'statuspage' } },
  accept: JSON_ACCEPT,
  conditionalRequests: true,
  read: (body, page) => readProviderSnapshot(parseJsonAs(INCIDENTIO, body), page.url, { format: 'incidentio', now: page.now }),
};
