import type { AlertDestination, AlertDestinationKind } from '@shared/alerts/alert-destination';
import type { AlertMessage } from '@shared/alerts/alert-message';
import type { DestinationSecret } from '../alert-delivery-api';

/*
 * What the app knows about one kind of destination: how its secret is checked when entered, the origin it is
 * bound to, the documented rate limit, how a message becomes an HTTP request, and how an answer is read.
 * One record per kind (slack.ts, teams.ts, pagerduty.ts, webhook.ts); the table is destination-formats.ts.
 */

/** The request to send, whole: the sender adds nothing but the transport. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Nothing is sent for this message, and why (said in the delivery log). */
export interface NothingToSend {
  skip: string;
}

export interface ReceiverAnswer {
  status: number;
  header(name: string): string | null;
  text: string;
}

export type DeliveryVerdict =
  | { kind: 'delivered' }
  /** Worth another try later: a 5xx, a 429 (with its Retry-After when given). */
  | { kind: 'retry'; reason: string; retryAfter?: string | null }
  /** The receiver will never take it: given up on at once, with the reason in people's words. */
  | { kind: 'refused'; reason: string };

/** At most `messages` per `perMs` to one destination; `source` names the documentation page. */
export interface RateLimit {
  messages: number;
  perMs: number;
  source: string;
}

export interface RequestContext {
  deliveryId: string;
  destination: AlertDestination;
  secret: DestinationSecret;
  /** Epoch ms of this attempt (the webhook signs it). */
  now: number;
}

/** The address and key as entered, checked; `origin` is what the secret is bound to. */
export type SecretCheck = { ok: true; origin: string; address: string; key?: string } | { ok: false; problem: string };

export interface DestinationFormat {
  kind: AlertDestinationKind;
  /** Used when the user leaves the address empty (PagerDuty's US Events API). */
  defaultAddress?: string;
  checkSecret(input: { address?: string | undefined; key?: string | undefined }): SecretCheck;
  rateLimit: RateLimit;
  request(message: AlertMessage, context: RequestContext): OutgoingRequest | NothingToSend;
  classify(answer: ReceiverAnswer): DeliveryVerdict;
}
