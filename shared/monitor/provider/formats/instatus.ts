import { INSTATUS, readInstatusPage } from '../read-instatus';
import { JSON_ACCEPT, pageRoot, type ProviderFormatRecord } from './provider-format-record';

/** Instatus pages: `<page>/summary.json` (the page's status, active incidents and maintenances). */
export const instatus: ProviderFormatRecord<'instatus'> = {
  ...INSTATUS,
  label: 'Instatus',
  addressHint: 'The Instatus page’s address: checked at its /summary.json.',
  documentUrls: (pageUrl) => [`${pageRoot(pageUrl)}/summary.json`],
  trimDocumentPath: (path) => path.replace(/\/(summary\.json|v2\/components\.json)\/?$/, ''),
  // Any path ending in /summary.json: Statuspage's /api/v2/summary.json and a feed's folder say more, so they win.
  detection: { address: (path) => /\/summary\.json$/.test(path), looseAddress: true, answer: { trial: 2 } },
  accept: JSON_ACCEPT,
  conditionalRequests: true,
  read: (body, page) => readInstatusPage(body, page.url, page.now),
};
