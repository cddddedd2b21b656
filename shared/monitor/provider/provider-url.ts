import { z } from 'zod';
import { isLoopbackHost } from '../../validation/secret-destination';
import { DEFAULT_PROVIDER_FORMAT, providerFormatRecord, type ProviderFormat } from './provider-format';

/*
 * The address of a provider's public status page, as the user gives it: https, or http only on a
 * loopback address (tests, the simulator): a status page read over plain http on the internet
 * could be anything by the time it arrives. A pasted summary address (`…/api/v2/summary.json`,
 * `…/api/v2`) is cut back to the page; no credentials, query or fragment.
 */

export class ProviderUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUrlError';
  }
}

/**
 * The page URL without a trailing slash (the format's own document path cut off: a pasted
 * `…/api/v2/summary.json`, `…/summary.json`, `…/api/v1/components`); throws ProviderUrlError with a
 * sentence for the user. A feed and a status.io API address are kept whole: they are the document.
 */
export function normaliseProviderUrl(text: string, format: ProviderFormat = DEFAULT_PROVIDER_FORMAT): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ProviderUrlError('Enter the full address of the status page, for example https://status.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ProviderUrlError('A status page address starts with https://.');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new ProviderUrlError('Use the https:// address of the status page (plain http only for this computer).');
  if (url.username !== '' || url.password !== '') throw new ProviderUrlError('A status page address has no user name or password.');
  const path = providerFormatRecord(format).trimDocumentPath(url.pathname).replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** A provider page URL from outside (settings, IPC), normalised. */
export const providerPageUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .transform((value, ctx) => {
    try {
      return normaliseProviderUrl(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'Not a status page address.' });
      return z.NEVER;
    }
  });
