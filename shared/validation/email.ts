import { z } from 'zod';

/**
 * An email address as people have them, international ones included (jörg@bücher.de, 用户@例子.广告): zod's
 * default pattern takes ASCII only. The domain has a dot, as every address that can receive mail does.
 */
export function emailAddress(message?: string) {
  return z
    .email({ pattern: z.regexes.unicodeEmail, ...(message ? { message } : {}) })
    .refine((value) => /@[^@]+\.[^@.]+$/u.test(value), message ? { message } : undefined);
}
