import { z } from 'zod';
import { isLoopbackHost } from '../validation/secret-destination';

/** The two regional servers; both carry the `/api/v2` prefix. */
export const REGION_BASE_URLS = {
  us: 'https://statuspal.io/api/v2',
  eu: 'https://statuspal.eu/api/v2',
} as const;

/** Why `value` is not a usable custom base URL, or null when it is. */
function baseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'only http and https URLs are allowed';
  // A custom server is read with a key, or watched as a public page: plain http only where nothing crosses a
  // network (a simulator, a local proxy), as for every address that receives a secret.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return "must use https (plain http only on this computer's loopback address)";
  // Credentials in the URL would end up in logs and error messages.
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.search || url.hash) return 'must not contain a query or fragment';
  return null;
}

const baseUrlSchema = z.string().superRefine((value, ctx) => {
  const problem = baseUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `base URL ${problem}` });
});

/** A region setting: one of the two regions, or a custom server (simulator, proxy). */
export const regionSchema = z.union([z.enum(['us', 'eu']), z.object({ baseUrl: baseUrlSchema })]);

export type Region = z.infer<typeof regionSchema>;

/** Validated base URL without a trailing slash. Throws TypeError on an invalid custom URL. */
export function normalizeBaseUrl(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new TypeError(`Invalid base URL: ${problem}`);
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function resolveBaseUrl(region: Region): string {
  if (typeof region === 'string') return REGION_BASE_URLS[region];
  return normalizeBaseUrl(region.baseUrl);
}
