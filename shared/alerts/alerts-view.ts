import { z } from 'zod';
import { alertDestinationSchema } from './alert-destination';
import { alertRuleSchema } from './alert-rule';

/** The Alerts screen's and `statusdesk alerts` view: destinations with whether their secret is in place, and rules. */
export const alertsViewSchema = z.object({
  destinations: z.array(
    alertDestinationSchema.extend({
      /** False: the keychain holds no secret for it (deleted outside the app, or another computer): it cannot send. */
      secretStored: z.boolean(),
      /** Last four characters of the key, for recognising it; null for webhook addresses. */
      lastFour: z.string().nullable(),
    }),
  ),
  rules: z.array(alertRuleSchema),
});
export type AlertsView = z.infer<typeof alertsViewSchema>;
