import { z } from 'zod';
import { httpUrl } from './http-url';

/** Event names of the product's outbound webhooks (FACTS.md); other names on the server are kept as they are. */
export const WEBHOOK_EVENTS = ['incident.created', 'incident.updated', 'incident.deleted', 'service.monitored_status.updated'] as const;

export const webhookFormSchema = z.object({
  url: httpUrl('Enter the address to call, starting with https://.'),
  events: z.array(z.string().min(1)).min(1, 'Choose at least one event.'),
});
