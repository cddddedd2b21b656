import { CACHET, readCachetPage } from '../read-cachet';
import { JSON_ACCEPT, pageRoot, type ProviderFormatRecord } from './provider-format-record';

/**
 * Cachet's open API: `<page>/api/v1/components` (1.x, 2.x); Cachet 3 (cachethq/core) moved it to
 * `<page>/api/components` and answers only there, so a 404 at the first asks the second.
 */
export const cachet: ProviderFormatRecord<'cachet'> = {
  ...CACHET,
  label: 'Cachet',
  addressHint: 'The Cachet page’s address: its components are read at /api/v1/components.',
  documentUrls: (pageUrl) => [`${pageRoot(pageUrl)}/api/v1/components?per_page=100`, `${pageRoot(pageUrl)}/api/components?per_page=100`],
  trimDocumentPath: (path) => path.replace(/\/api(\/v1)?(\/components|\/incidents)\/?$/, '').replace(/\/api\/v1\/?$/, ''),
  detection: { address: (path) => /\/api\/v1\/components\/?$/.test(path) || /\/api\/components\/?$/.test(path), answer: { trial: 3 } },
  accept: JSON_ACCEPT,
  conditionalRequests: true,
  read: (body, page) => readCachetPage(body, page.url),
};
