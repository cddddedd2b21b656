import { AppError } from '@shared/errors';
import { secretDestinationProblem } from '@shared/validation/secret-destination';

/** The migration assessment service (Migration Center); configurable because FACTS says the host must be. */
export const DEFAULT_OPERATIONS_BASE_URL = 'https://migrationcenter.googleapis.com';

/**
 * Checks and normalises a base URL (no trailing slash). A bearer token must not travel in clear over a
 * network, so plain http is accepted only for loopback hosts (simulators, local proxies).
 */
export function normalizeBaseUrl(value: string, label = 'The service address'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('invalid_input', `${label} is not a valid URL.`);
  }
  if (url.username !== '' || url.password !== '') throw new AppError('invalid_input', `${label} may not contain credentials.`);
  if (url.search !== '' || url.hash !== '') throw new AppError('invalid_input', `${label} may not have a query or fragment.`);
  if (url.protocol === 'http:' && secretDestinationProblem(value) !== null) {
    throw new AppError('invalid_input', `${label} must use https (plain http is allowed only on this computer's loopback address).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('invalid_input', `${label} must be an http(s) URL.`);
  return url.toString().replace(/\/+$/, '');
}

/**
 * The operations service address without the version: the client appends `/v1/{name}`, so an address
 * pasted with `/v1` (as Google's docs write endpoints) would otherwise become `/v1/v1/…`.
 */
export function normalizeServiceBaseUrl(value: string, label = 'The service address'): string {
  return normalizeBaseUrl(value, label).replace(/\/v1$/i, '');
}
