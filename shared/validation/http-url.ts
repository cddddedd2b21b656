import { z } from 'zod';

/**
 * An absolute http(s) address without credentials (a key never travels in a URL the app stores), with the
 * wording of the refusal given by the place that asks for it. `bare`: no query or fragment either, for base
 * addresses that the clients append paths and parameters to.
 */
export function httpUrlSchemaWith(message: string, options: { bare?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        const http = url.protocol === 'http:' || url.protocol === 'https:';
        return http && url.username === '' && url.password === '' && (!options.bare || (url.search === '' && url.hash === ''));
      } catch {
        return false;
      }
    }, message);
}
