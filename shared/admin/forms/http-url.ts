import { z } from 'zod';

/** An http(s) address with a host, with the form's own message. */
export const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, message);
