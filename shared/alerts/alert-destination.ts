import { z } from 'zod';

/*
 * Where the team's alerts go. What identifies the receiver (a Slack or Teams webhook address, a PagerDuty
 * routing key, a webhook's signing secret) is a secret: it lives in the keychain, bound to `origin`, and
 * never appears here, in the settings file, the alert queue, a log or the window.
 */

export const ALERT_DESTINATION_KINDS = ['slack', 'teams', 'pagerduty', 'webhook'] as const;
export const alertDestinationKindSchema = z.enum(ALERT_DESTINATION_KINDS);
export type AlertDestinationKind = z.infer<typeof alertDestinationKindSchema>;

export const ALERT_DESTINATION_LABELS: Readonly<Record<AlertDestinationKind, string>> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  pagerduty: 'PagerDuty',
  webhook: 'Webhook',
};

export const alertDestinationSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(80),
  kind: alertDestinationKindSchema,
  /** scheme://host:port the secret is bound to and sent to: shown so the user sees where alerts go. */
  origin: z.string().min(1).max(300),
  /** IANA zone: quiet hours and the times written in messages follow the destination's team, not this computer. */
  timeZone: z.string().min(1).max(64),
  enabled: z.boolean().default(true),
});
export type AlertDestination = z.infer<typeof alertDestinationSchema>;

/** What the user enters to add a destination; the secret parts go to the keychain only. */
export const newAlertDestinationSchema = z.object({
  name: z.string().trim().min(1).max(80),
  kind: alertDestinationKindSchema,
  /** Slack/Teams: the webhook address (itself a secret). PagerDuty: the Events API address (default US). Webhook: the receiver's address. */
  address: z.string().trim().max(2_000).optional(),
  /** PagerDuty: the integration's routing key. Webhook: the signing secret (generated when absent). */
  key: z.string().trim().max(500).optional(),
  timeZone: z.string().min(1).max(64),
});
export type NewAlertDestination = z.infer<typeof newAlertDestinationSchema>;
