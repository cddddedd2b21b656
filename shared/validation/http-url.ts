import { z } from 'zod';
import { secretDestinationProblem } from './secret-destination';

/**
 * An absolute http(s) address without credentials (a key never travels in a URL the app stores), with the
 * wording of the refusal given by the place that asks for it. `bare`: no query or fragment either, for base
 * addresses that the clients append paths and parameters to. `receivesSecret`: a key is sent there, so https
 * (plain http on loopback only), the one rule of secret-destination.ts.
 */
export function httpUrlSchemaWith(message: string, options: { bare?: boolean; receivesSecret?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        const http = url.protocol === 'http:' || url.protocol === 'https:';
        const secretSafe = !options.receivesSecret || secretDestinationProblem(value) === null;
        return http && secretSafe && url.username === '' && url.password === '' && (!options.bare || (url.search === '' && url.hash === ''));
      } catch {
        return false;
      }
    }, message);
}
