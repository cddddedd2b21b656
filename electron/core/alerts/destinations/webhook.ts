import { createHmac, randomBytes } from 'node:crypto';
import type { AlertMessage } from '@shared/alerts/alert-message';
import { WEBHOOK_HEADERS, WEBHOOK_PAYLOAD_TYPE, WEBHOOK_PAYLOAD_VERSION, type WebhookPayload } from '@shared/alerts/alert-webhook-payload';
import { checkServiceAddress } from './address-check';
import { answerExcerpt, readAnswer } from './answer-reading';
import type { DeliveryVerdict, DestinationFormat, ReceiverAnswer } from './destination-format';

/*
 * A generic JSON webhook, documented for receivers in docs/alerts-webhook.md: the message as JSON
 * (shared/alerts/alert-webhook-payload.ts), signed as Stripe and Slack sign theirs: HMAC-SHA256 over
 * "<timestamp>.<body>" with the destination's signing secret, the timestamp (Unix seconds) in its own header so
 * a receiver can refuse a stale or replayed request, the delivery id, and the message key as Idempotency-Key so
 * a receiver acts once per change however often it is sent (at least once, and by every watcher).
 * Answers: any 2xx took it, and so did a 409 (a receiver saying it already has this key); 401/403 refused the
 * signature; 408, 429 (Retry-After) and 5xx are tried again; other 4xx are refusals.
 * Rate limit: the receiver is the team's own; ten a second keeps a burst from looking like an attack.
 */

const MIN_SECRET_LENGTH = 16;

/** A signing secret for a webhook added without one: 256 random bits. */
function newSigningSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The signature header's value: `sha256=<hex>` over "<timestamp>.<body>". */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

function webhookPayload(message: AlertMessage, deliveryId: string): WebhookPayload {
  return {
    type: WEBHOOK_PAYLOAD_TYPE,
    version: WEBHOOK_PAYLOAD_VERSION,
    deliveryId,
    key: message.key,
    incidentKey: message.incidentKey,
    action: message.action,
    title: message.title,
    severity: message.severity,
    test: message.test,
    createdAt: message.createdAt,
    changes: message.changes,
  };
}

function classifyWebhook(answer: ReceiverAnswer): DeliveryVerdict {
  if (answer.status === 409) return { kind: 'delivered' };
  if (answer.status === 401 || answer.status === 403) {
    return { kind: 'refused', reason: `the receiver refused the signature (${answer.status}): check that it holds this destination’s signing secret` };
  }
  const verdict = readAnswer(answer, 'The receiver');
  if (verdict.kind !== 'refused' || answer.text.trim() === '') return verdict;
  return { kind: 'refused', reason: `${verdict.reason}: ${answerExcerpt(answer.text)}` };
}

export const webhookFormat: DestinationFormat = {
  kind: 'webhook',
  checkSecret: ({ address, key }) => {
    const checked = checkServiceAddress(address, { expected: 'an https address', hostAllowed: () => true });
    if (!checked.ok) return checked;
    const secret = (key ?? '').trim();
    if (secret !== '' && secret.length < MIN_SECRET_LENGTH)
      return { ok: false, problem: `The signing secret must be at least ${MIN_SECRET_LENGTH} characters.` };
    return { ...checked, key: secret === '' ? newSigningSecret() : secret };
  },
  rateLimit: { messages: 10, perMs: 1_000, source: 'our own choice: the receiver is the team’s (docs/alerts-webhook.md)' },
  request: (message, { deliveryId, secret, now }) => {
    const body = JSON.stringify(webhookPayload(message, deliveryId));
    const timestamp = Math.floor(now / 1000);
    return {
      url: secret.address,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        [WEBHOOK_HEADERS.signature]: webhookSignature(secret.key ?? '', timestamp, body),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.delivery]: deliveryId,
        [WEBHOOK_HEADERS.idempotencyKey]: message.key,
      },
      body,
    };
  },
  classify: classifyWebhook,
};
