import { describe, expect, it } from 'vitest';
import type { AlertDestination } from '../../../shared/alerts/alert-destination';
import { checkDestinationSecret, DESTINATION_FORMATS } from '../../../electron/core/alerts/destinations/destination-formats';
import { dedupKeyOf, PAGERDUTY_INFO_NOT_SENT } from '../../../electron/core/alerts/destinations/pagerduty';
import { webhookSignature } from '../../../electron/core/alerts/destinations/webhook';
import { alertMessage } from '../../integration/alerts/support/messages';

const destination = (kind: AlertDestination['kind']): AlertDestination => ({
  id: kind,
  name: kind,
  kind,
  origin: 'https://x',
  timeZone: 'Europe/Berlin',
  enabled: true,
});
const answer = (status: number, text = '', headers: Record<string, string> = {}) => ({ status, text, header: (name: string) => headers[name] ?? null });
const context = (kind: AlertDestination['kind'], key?: string) => ({
  deliveryId: 'd-1',
  destination: destination(kind),
  secret: { address: 'https://hooks.slack.com/services/T1/B1/abc', key },
  now: 1_764_684_300_000,
});
const KEY = 'abcdefghijklmnopqrstuvwxyz012345';

describe('checking a destination’s secret address when it is entered', () => {
  it.each([
    ['slack', 'https://hooks.slack.com/services/T000/B000/XXXX', true],
    ['slack', 'https://hooks.slack.com/workflows/T000/A000/1/xyz', false],
    ['slack', 'https://evil.example/services/T/B/X', false],
    ['slack', 'http://hooks.slack.com/services/T000/B000/XXXX', false],
    ['teams', 'https://prod-01.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=x', true],
    ['teams', 'https://default123.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/abc', true],
    ['teams', 'https://outlook.office.com/webhook/abc', false],
    ['webhook', 'https://ops.example.com/statusdesk', true],
    ['webhook', 'http://ops.example.com/statusdesk', false],
    ['webhook', 'https://user:pw@ops.example.com/', false],
  ] as const)('%s %s → %s', (kind, address, ok) => {
    expect(checkDestinationSecret(kind, { address, key: kind === 'webhook' ? 'a-signing-secret-long-enough' : undefined }).ok).toBe(ok);
  });

  it('takes a loopback address for every kind, over plain http, so simulators and local relays can stand in', () => {
    for (const kind of ['slack', 'teams', 'webhook'] as const) {
      expect(checkDestinationSecret(kind, { address: 'http://127.0.0.1:4010/anything' })).toMatchObject({ ok: true, origin: 'http://127.0.0.1:4010' });
    }
    expect(checkDestinationSecret('pagerduty', { address: 'http://localhost:4010/v2/enqueue', key: KEY })).toMatchObject({
      ok: true,
      origin: 'http://localhost:4010',
    });
  });

  it('PagerDuty: the US address by default, the EU one, and a 32-character routing key', () => {
    expect(checkDestinationSecret('pagerduty', { key: KEY })).toMatchObject({
      ok: true,
      origin: 'https://events.pagerduty.com',
      address: 'https://events.pagerduty.com/v2/enqueue',
    });
    expect(checkDestinationSecret('pagerduty', { address: 'https://events.eu.pagerduty.com/v2/enqueue', key: KEY }).ok).toBe(true);
    expect(checkDestinationSecret('pagerduty', { key: 'short' })).toMatchObject({ ok: false, problem: expect.stringContaining('32') });
    expect(checkDestinationSecret('pagerduty', { address: 'https://api.pagerduty.com/incidents', key: KEY }).ok).toBe(false);
  });

  it('webhook: a signing secret is made when none is given, and a short one is refused', () => {
    const made = checkDestinationSecret('webhook', { address: 'https://ops.example.com/hook' });
    expect(made.ok && made.key && made.key.length >= 32).toBe(true);
    expect(checkDestinationSecret('webhook', { address: 'https://ops.example.com/hook', key: 'short' }).ok).toBe(false);
  });
});

describe('how a message becomes each service’s request', () => {
  it('Slack: Block Kit with a text fallback, mrkdwn escaped, the incident named', () => {
    const request = DESTINATION_FORMATS.slack.request(alertMessage(), context('slack'));
    if ('skip' in request) throw new Error('sent nothing');
    const body = JSON.parse(request.body);
    expect(body.text).toContain('Acme Cloud: Logins fail');
    expect(body.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text' } });
    expect(body.blocks[1].text.text).toContain('*Incident:* <https://status.acme.example/incidents/inc-1|Logins fail>');
    expect(body.blocks[1].text.text).toContain('&lt;b&gt;&amp;&lt;/b&gt;');
    expect(body.blocks.at(-1).type).toBe('context');
  });

  it('Slack: a digest of 500 changes stays within 50 blocks and names the rest by count', () => {
    const request = DESTINATION_FORMATS.slack.request(alertMessage({ changes: 500, action: 'info' }), context('slack'));
    if ('skip' in request) throw new Error('sent nothing');
    const body = JSON.parse(request.body);
    expect(body.blocks.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(body.blocks)).toContain('480 more changes');
  });

  it('Teams: a message with one Adaptive Card 1.4 attachment', () => {
    const request = DESTINATION_FORMATS.teams.request(alertMessage(), context('teams'));
    if ('skip' in request) throw new Error('sent nothing');
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version: '1.4' } }],
    });
    expect(body.attachments[0].content.actions[0]).toMatchObject({ type: 'Action.OpenUrl', url: 'https://status.acme.example/incidents/inc-1' });
  });

  it('PagerDuty: trigger and resolve meet on the incident key; updates are not sent; a test is a change event', () => {
    const pd = DESTINATION_FORMATS.pagerduty;
    const trigger = pd.request(alertMessage(), context('pagerduty', KEY));
    const resolve = pd.request(alertMessage({ action: 'resolve', n: 2 }), context('pagerduty', KEY));
    if ('skip' in trigger || 'skip' in resolve) throw new Error('sent nothing');
    expect(JSON.parse(trigger.body)).toMatchObject({
      routing_key: KEY,
      event_action: 'trigger',
      dedup_key: 'acme/inc-1',
      payload: { severity: 'critical', source: 'Acme Cloud', timestamp: '2026-12-02T14:05:00.000Z' },
    });
    expect(JSON.parse(resolve.body)).toEqual({ routing_key: KEY, event_action: 'resolve', dedup_key: 'acme/inc-1' });
    expect(pd.request(alertMessage({ action: 'info' }), context('pagerduty', KEY))).toEqual({ skip: PAGERDUTY_INFO_NOT_SENT });
    const test = pd.request(alertMessage({ action: 'info', test: true }), context('pagerduty', KEY));
    expect('skip' in test ? null : new URL(test.url).pathname).toBe('/v2/change/enqueue');
  });

  it('PagerDuty: a summary past 1,024 characters is cut; a long incident key becomes a digest, the same for every watcher', () => {
    const message = { ...alertMessage(), title: 'x'.repeat(3_000) };
    const request = DESTINATION_FORMATS.pagerduty.request(message, context('pagerduty', KEY));
    if ('skip' in request) throw new Error('sent nothing');
    expect(JSON.parse(request.body).payload.summary.length).toBe(1_024);
    const long = 'p'.repeat(400);
    expect(dedupKeyOf(long)).toBe(dedupKeyOf(long));
    expect(dedupKeyOf(long).length).toBeLessThanOrEqual(255);
  });

  it('webhook: signed over "<timestamp>.<body>", with the delivery id and the message key as Idempotency-Key', () => {
    const ctx = context('webhook', 'the-signing-secret-0123');
    const request = DESTINATION_FORMATS.webhook.request(alertMessage(), ctx);
    if ('skip' in request) throw new Error('sent nothing');
    const timestamp = Math.floor(ctx.now / 1000);
    expect(request.headers).toMatchObject({
      'x-statusdesk-timestamp': String(timestamp),
      'x-statusdesk-delivery': 'd-1',
      'idempotency-key': 'acme/inc-1/trigger/1',
      'x-statusdesk-signature': webhookSignature('the-signing-secret-0123', timestamp, request.body),
    });
    expect(JSON.parse(request.body)).toMatchObject({ type: 'statusdesk.alert', version: 1, deliveryId: 'd-1', key: 'acme/inc-1/trigger/1' });
  });
});

describe('how each service’s answer is read', () => {
  it.each([
    ['slack', answer(200, 'ok'), 'delivered'],
    ['slack', answer(400, 'invalid_payload'), 'refused'],
    ['slack', answer(403, 'action_prohibited'), 'refused'],
    ['slack', answer(404, 'channel_not_found'), 'refused'],
    ['slack', answer(410, 'channel_is_archived'), 'refused'],
    ['slack', answer(429, 'rate_limited', { 'retry-after': '3' }), 'retry'],
    ['slack', answer(503, ''), 'retry'],
    ['teams', answer(202), 'delivered'],
    ['teams', answer(400, '{"error":{}}'), 'refused'],
    ['teams', answer(404), 'refused'],
    ['teams', answer(429), 'retry'],
    ['pagerduty', answer(202, '{"status":"success"}'), 'delivered'],
    ['pagerduty', answer(400, '{"status":"invalid event","errors":["Invalid routing key"]}'), 'refused'],
    ['pagerduty', answer(429), 'retry'],
    ['pagerduty', answer(500), 'retry'],
    ['webhook', answer(204), 'delivered'],
    ['webhook', answer(409), 'delivered'],
    ['webhook', answer(401), 'refused'],
    ['webhook', answer(302), 'refused'],
    ['webhook', answer(408), 'retry'],
  ] as const)('%s %o → %s', (kind, given, verdict) => {
    expect(DESTINATION_FORMATS[kind].classify(given).kind).toBe(verdict);
  });

  it('says a refusal in people’s words and keeps a 429’s Retry-After', () => {
    expect(DESTINATION_FORMATS.slack.classify(answer(410, 'channel_is_archived'))).toEqual({ kind: 'refused', reason: expect.stringContaining('archived') });
    expect(DESTINATION_FORMATS.pagerduty.classify(answer(400, '{"errors":["Invalid routing key"]}'))).toEqual({
      kind: 'refused',
      reason: expect.stringContaining('Invalid routing key'),
    });
    expect(DESTINATION_FORMATS.slack.classify(answer(429, 'rate_limited', { 'retry-after': '3' }))).toMatchObject({ retryAfter: '3' });
  });
});
