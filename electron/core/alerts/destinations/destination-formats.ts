import type { AlertDestinationKind } from '@shared/alerts/alert-destination';
import type { DestinationFormat, SecretCheck } from './destination-format';
import { pagerDutyFormat } from './pagerduty';
import { slackFormat } from './slack';
import { teamsFormat } from './teams';
import { webhookFormat } from './webhook';

/** Every kind of destination, by kind: what adding a destination checks and what delivery sends. */
export const DESTINATION_FORMATS: Readonly<Record<AlertDestinationKind, DestinationFormat>> = {
  slack: slackFormat,
  teams: teamsFormat,
  pagerduty: pagerDutyFormat,
  webhook: webhookFormat,
};

/** The address and key entered for a new destination of `kind`, checked; the origin its secret is bound to. */
export function checkDestinationSecret(kind: AlertDestinationKind, input: { address?: string | undefined; key?: string | undefined }): SecretCheck {
  return DESTINATION_FORMATS[kind].checkSecret(input);
}
