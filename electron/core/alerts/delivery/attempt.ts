import type { AlertDestination } from '@shared/alerts/alert-destination';
import { ALERT_DESTINATION_LABELS } from '@shared/alerts/alert-destination';
import { originOf } from '@shared/validation/secret-destination';
import { redactSecrets } from '@core/security/redact';
import type { DestinationSecret } from '../alert-delivery-api';
import { DESTINATION_FORMATS } from '../destinations/destination-formats';
import type { DeliveryRecord } from './delivery-record';
import { sendRequest } from './send-request';
import type { FetchLike } from '@core/http/timed-exchange';

/*
 * One attempt to deliver one message: find its destination and secret, check the address is at the origin
 * the secret is bound to, build the request in the destination's format, send it, read the answer. Every
 * problem is said in words with the secret taken out.
 */

export type AttemptOutcome =
  /** `note`: nothing was sent, and why (PagerDuty's updates). */
  | { kind: 'delivered'; note: string | null }
  /** Sent and failed, or not answered: tried again later. */
  | { kind: 'retry'; problem: string; retryAfter: string | null }
  /** Not sent: it waits for something the user must fix (the keychain holds no secret); not an attempt. */
  | { kind: 'wait'; problem: string }
  /** Never to be delivered. */
  | { kind: 'refused'; problem: string };

interface AttemptDeps {
  destination: AlertDestination | undefined;
  secretFor: (destination: AlertDestination) => Promise<DestinationSecret | null>;
  now: number;
  requestTimeoutMs: number;
  fetch?: FetchLike;
}

export async function attemptDelivery(record: DeliveryRecord, deps: AttemptDeps): Promise<AttemptOutcome> {
  const { destination } = deps;
  if (!destination) return { kind: 'refused', problem: 'Its destination was removed.' };
  const label = `${ALERT_DESTINATION_LABELS[destination.kind]} destination “${destination.name}”`;
  if (!destination.enabled) return { kind: 'wait', problem: `The ${label} is turned off; it is sent once the destination is turned on.` };
  let secret: DestinationSecret | null;
  try {
    secret = await deps.secretFor(destination);
  } catch {
    return { kind: 'wait', problem: `The keychain could not be read for the ${label}; it is tried again.` };
  }
  if (!secret) return { kind: 'wait', problem: `The keychain holds no address or key for the ${label}: add the destination again to send what waits.` };
  const hide = (text: string) => redactSecrets(text, [secret.address, secret.key]);

  if (originOf(secret.address) !== destination.origin) {
    return { kind: 'refused', problem: `Not sent: the stored address is not at ${destination.origin}, the address the ${label} is bound to.` };
  }
  const format = DESTINATION_FORMATS[destination.kind];
  const request = format.request(record.message, { deliveryId: record.id, destination, secret, now: deps.now });
  if ('skip' in request) return { kind: 'delivered', note: request.skip };
  if (originOf(request.url) !== destination.origin) {
    return { kind: 'refused', problem: `Not sent: the request would leave ${destination.origin}, the address the ${label} is bound to.` };
  }

  const result = await sendRequest(request, deps.requestTimeoutMs, deps.fetch);
  if (result.kind === 'failure') return { kind: 'retry', problem: hide(`Not delivered yet: ${result.reason}.`), retryAfter: null };
  const verdict = format.classify(result.answer);
  if (verdict.kind === 'delivered') return { kind: 'delivered', note: null };
  if (verdict.kind === 'retry') return { kind: 'retry', problem: hide(`Not delivered yet: ${verdict.reason}.`), retryAfter: verdict.retryAfter ?? null };
  return { kind: 'refused', problem: hide(`Not delivered: ${verdict.reason}.`) };
}
