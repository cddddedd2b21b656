import { z } from 'zod';
import { RateWindow } from './rate-window';
import { parseJson, text, type RouteAnswer, type RouteRequest } from './route-answer';

/*
 * Slack incoming webhooks, as https://api.slack.com/messaging/webhooks documents them: POST JSON to
 * /services/T…/B…/…; 200 "ok"; errors as plain-text codes (invalid_payload, no_text, invalid_blocks 400;
 * action_prohibited 403; no_service, channel_not_found 404; channel_is_archived 410); 429 with Retry-After
 * past about one message a second per webhook (https://api.slack.com/docs/rate-limits). Blocks are checked
 * against the limits of https://api.slack.com/reference/block-kit/blocks.
 */

export type SlackHookState = 'active' | 'archived' | 'revoked' | 'prohibited';

interface SlackMessage {
  hook: string;
  text: string | undefined;
  blocks: unknown[] | undefined;
  at: number;
}

const HOOK_PATH = /^\/services\/[A-Z0-9]+\/[A-Z0-9]+\/[A-Za-z0-9]+$/;
const BLOCK_TYPES = new Set(['header', 'section', 'context', 'divider', 'actions', 'image', 'rich_text']);

const textObject = (max: number) => z.object({ type: z.enum(['plain_text', 'mrkdwn']), text: z.string().min(1).max(max) }).passthrough();
const blockSchema = z
  .object({ type: z.string() })
  .passthrough()
  .superRefine((block, context) => {
    if (!BLOCK_TYPES.has(block.type)) context.addIssue({ code: 'custom', message: `unknown block type ${block.type}` });
    if (block.type === 'header' && !textObject(150).safeParse(block.text).success) context.addIssue({ code: 'custom', message: 'header text' });
    if (block.type === 'section' && !textObject(3000).safeParse(block.text).success) context.addIssue({ code: 'custom', message: 'section text' });
  });
const payloadSchema = z.object({ text: z.string().optional(), blocks: z.array(z.unknown()).optional() }).passthrough();

const STATE_ERRORS: Record<Exclude<SlackHookState, 'active'>, [number, string]> = {
  archived: [410, 'channel_is_archived'],
  revoked: [404, 'no_service'],
  prohibited: [403, 'action_prohibited'],
};

export class SlackRoute {
  readonly messages: SlackMessage[] = [];
  readonly #states = new Map<string, SlackHookState>();
  #rate: RateWindow;

  constructor(rate: { messages: number; perMs: number }) {
    this.#rate = new RateWindow(rate.messages, rate.perMs);
  }

  setRate(rate: { messages: number; perMs: number }): void {
    this.#rate = new RateWindow(rate.messages, rate.perMs);
  }

  setHookState(hookPath: string, state: SlackHookState): void {
    this.#states.set(hookPath, state);
  }

  handle(request: RouteRequest): RouteAnswer {
    if (!HOOK_PATH.test(request.path)) return text(404, 'no_service', false, { error: 'no_service' });
    const state = this.#states.get(request.path) ?? 'active';
    if (state !== 'active') {
      const [status, code] = STATE_ERRORS[state];
      return text(status, code, false, { error: code });
    }
    const admitted = this.#rate.admit(request.path, request.now);
    if (!admitted.ok) {
      return text(429, 'rate_limited', false, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(admitted.retryAfterMs / 1000))) },
        error: 'rate_limited',
      });
    }
    const payload = payloadSchema.safeParse(parseJson(request.body));
    if (!payload.success) return text(400, 'invalid_payload', false, { error: 'invalid_payload' });
    const { text: fallback, blocks } = payload.data;
    if ((fallback === undefined || fallback.trim() === '') && (blocks === undefined || blocks.length === 0))
      return text(400, 'no_text', false, { error: 'no_text' });
    if (blocks !== undefined && (blocks.length > 50 || blocks.some((block) => !blockSchema.safeParse(block).success))) {
      return text(400, 'invalid_blocks', false, { error: 'invalid_blocks' });
    }
    this.messages.push({ hook: request.path, text: fallback, blocks, at: request.now });
    return { status: 200, headers: { 'content-type': 'text/html' }, body: 'ok', acted: true };
  }
}
