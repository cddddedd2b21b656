import { STATUSIO, readStatusioPage } from '../read-statusio';
import { JSON_ACCEPT, pageRoot, type ProviderFormatRecord } from './provider-format-record';

/**
 * status.io's public status API, `https://api.status.io/1.0/status/<page id>`: the address watched is that API
 * address, since the public page does not name its id (so only the address tells this format).
 */
export const statusio: ProviderFormatRecord<'statusio'> = {
  ...STATUSIO,
  label: 'status.io',
  addressHint: 'The page’s public API address: https://api.status.io/1.0/status/<page id>.',
  documentUrls: (pageUrl) => [pageRoot(pageUrl)],
  trimDocumentPath: (path) => path,
  detection: { address: (path) => /\/1\.0\/status\/[a-z0-9]+\/?$/.test(path), answer: null },
  accept: JSON_ACCEPT,
  conditionalRequests: true,
  read: (body, page) => readStatusioPage(body, page.url),
};
