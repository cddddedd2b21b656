import { z } from 'zod';
import { serviceParentSchema } from './service-form';

export const accessGroupFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the access group a name.').max(255, 'The name is too long (255 characters at most).'),
    // Services still in the outbox have temp ids; the outbox rewrites them before sending.
    serviceIds: z.array(serviceParentSchema),
  })
  .transform((form) => ({ name: form.name, service_ids: form.serviceIds as number[] }));
