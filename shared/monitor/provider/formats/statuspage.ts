import { parseJsonAs } from '../not-understood';
import { STATUSPAGE, readProviderSnapshot } from '../read-provider-snapshot';
import { JSON_ACCEPT, pageRoot, type ProviderFormatRecord } from './provider-format-record';

/** The Atlassian Statuspage public API: `<page>/api/v2/summary.json` (incident.io pages serve it too). */

const SUMMARY_PATH = /\/api\/v2(\/summary\.json|\/status\.json)?\/?$/;

/** Where a Statuspage-API page's summary lives. */
export function summaryDocumentUrls(pageUrl: string): [string] {
  return [`${pageRoot(pageUrl)}/api/v2/summary.json`];
}

/** A pasted `…/api/v2`, `…/api/v2/summary.json` or `…/api/v2/status.json` cut back to the page. */
export function trimSummaryPath(path: string): string {
  return path.replace(SUMMARY_PATH, '');
}

export const statuspage: ProviderFormatRecord<'statuspage'> = {
  ...STATUSPAGE,
  label: 'Statuspage',
  addressHint: 'The status page’s address: checked at its /api/v2/summary.json.',
  documentUrls: summaryDocumentUrls,
  trimDocumentPath: trimSummaryPath,
  detection: { address: (path) => SUMMARY_PATH.test(path), answer: { trial: 1 } },
  accept: JSON_ACCEPT,
  conditionalRequests: true,
  read: (body, page) => readProviderSnapshot(parseJsonAs(STATUSPAGE, body), page.url, { format: 'statuspage', now: page.now }),
};
