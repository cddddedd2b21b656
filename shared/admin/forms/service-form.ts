import { z } from 'zod';
import { isTempId } from '../../outbox/temp-id';

/**
 * The service form as typed, checked before anything is queued, and turned into the body of
 * addService / updateService. The parent may be a service still in the outbox (a temp id).
 */
export const serviceParentSchema = z.union([z.number().int().positive(), z.string().refine(isTempId, 'Choose a parent from the list.')]);

export const serviceFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the service a name.').max(255, 'The name is too long (255 characters at most).'),
    description: z.string().trim().max(2000, 'The description is too long (2,000 characters at most).'),
    parentId: serviceParentSchema.nullable(),
    order: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) <= 100_000), 'The order is a whole number, 0 first.'),
    private: z.boolean(),
  })
  .transform((form) => ({
    name: form.name,
    description: form.description === '' ? null : form.description,
    // A temp id is rewritten to the server id by the outbox before this is sent.
    parent_id: form.parentId as number | null,
    private: form.private,
    ...(form.order === '' ? {} : { order: Number(form.order) }),
  }));
