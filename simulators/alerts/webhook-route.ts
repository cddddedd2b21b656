import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS, webhookPayloadSchema, type WebhookPayload } from '@shared/alerts/alert-webhook-payload';
import { json, parseJson, type RouteAnswer, type RouteRequest } from './route-answer';

/*
 * A receiver of Statusdesk's generic webhook that does what docs/alerts-webhook.md asks of one: checks the
 * HMAC-SHA256 signature over "<timestamp>.<body>" (401 when wrong), refuses a timestamp more than five
 * minutes off (400), checks the body against the published schema (400), and acts once per Idempotency-Key
 * (a repeat is answered 200 and not acted on).
 */

export class WebhookRoute {
  /** What the receiver acted on, once per key. */
  readonly received: WebhookPayload[] = [];
  readonly #seen = new Set<string>();
  readonly #secrets = new Map<string, string>();

  constructor(readonly defaultSecret: string) {}

  setSecret(name: string, secret: string): void {
    this.#secrets.set(name, secret);
  }

  handle(request: RouteRequest): RouteAnswer {
    const name = /^\/hooks\/([\w-]+)$/.exec(request.path)?.[1];
    if (name === undefined) return json(404, { error: 'no such hook' }, false, { error: 'not_found' });
    const secret = this.#secrets.get(name) ?? this.defaultSecret;
    const timestamp = Number(request.headers[WEBHOOK_HEADERS.timestamp]);
    if (!Number.isInteger(timestamp) || Math.abs(request.now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
      return json(400, { error: 'stale or missing timestamp' }, false, { error: 'timestamp' });
    }
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', secret)
        .update(`${timestamp}.${request.body.toString('utf8')}`)
        .digest('hex')}`,
    );
    const given = Buffer.from(request.headers[WEBHOOK_HEADERS.signature] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return json(401, { error: 'bad signature' }, false, { error: 'signature' });
    const payload = webhookPayloadSchema.safeParse(parseJson(request.body));
    if (!payload.success) return json(400, { error: 'not a Statusdesk alert' }, false, { error: 'schema' });
    const key = request.headers[WEBHOOK_HEADERS.idempotencyKey];
    if (key === undefined || key !== payload.data.key)
      return json(400, { error: 'Idempotency-Key missing or not the message key' }, false, { error: 'idempotency' });
    if (this.#seen.has(key)) return json(200, { duplicate: true }, false);
    this.#seen.add(key);
    this.received.push(payload.data);
    return json(200, { received: true }, true);
  }
}
