import { z } from 'zod';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The subdomain is the page's address in the API; it is chosen when the page is made. */
const statusPageSubdomainSchema = z
  .string()
  .trim()
  .min(1, 'Enter a subdomain, such as acme-status.')
  .max(63, 'A subdomain has at most 63 characters.')
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'A subdomain has lowercase letters, digits and dashes, and starts and ends with a letter or digit.');

export function statusPageFormSchema(mode: 'add' | 'edit') {
  return z
    .object({
      name: z.string().trim().min(1, 'Give the status page a name.').max(255, 'The name is too long (255 characters at most).'),
      subdomain: mode === 'add' ? statusPageSubdomainSchema : z.string(),
      url: z.string().trim().max(255, 'The address is too long (255 characters at most).'),
      timeZone: z
        .string()
        .trim()
        .refine((value) => value === '' || isTimeZone(value), 'Choose a time zone from the list, such as Europe/Zurich.'),
    })
    .transform((form) => ({
      name: form.name,
      ...(mode === 'add' ? { subdomain: form.subdomain } : {}),
      ...(form.url === '' ? {} : { url: form.url }),
      ...(form.timeZone === '' ? {} : { time_zone: form.timeZone }),
    }));
}
