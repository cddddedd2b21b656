import { z } from 'zod';
import { RateWindow } from './rate-window';
import { json, parseJson, type RouteAnswer, type RouteRequest } from './route-answer';

/*
 * A Teams Workflows webhook ("When a Teams webhook request is received"), as documented in
 * https://support.microsoft.com/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498
 * and https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using:
 * POST /workflows/<id>/triggers/manual/paths/invoke?…&sig=… with `{type: "message", attachments: [{contentType:
 * "application/vnd.microsoft.card.adaptive", content: AdaptiveCard}]}`; 202 Accepted; a body the trigger
 * cannot use is 400 with a Logic Apps error object; a deleted flow 404; a wrong signature 401; more than four
 * requests a second to one webhook 429 with Retry-After.
 */

export type TeamsWorkflowState = 'active' | 'deleted' | 'unauthorized';

interface TeamsCard {
  workflow: string;
  card: { version: string; body: unknown[] } & Record<string, unknown>;
  at: number;
}

const WORKFLOW_PATH = /^\/workflows\/([a-f0-9]+)\/triggers\/manual\/paths\/invoke$/;

const cardSchema = z
  .object({ type: z.literal('AdaptiveCard'), version: z.string().regex(/^1\.[0-6]$/), body: z.array(z.object({ type: z.string() }).passthrough()).min(1) })
  .passthrough();
const messageSchema = z.object({
  type: z.literal('message'),
  attachments: z.array(z.object({ contentType: z.literal('application/vnd.microsoft.card.adaptive'), content: cardSchema }).passthrough()).min(1),
});

export class TeamsRoute {
  readonly cards: TeamsCard[] = [];
  readonly #states = new Map<string, TeamsWorkflowState>();
  #rate: RateWindow;

  constructor(rate: { messages: number; perMs: number }) {
    this.#rate = new RateWindow(rate.messages, rate.perMs);
  }

  setWorkflowState(workflow: string, state: TeamsWorkflowState): void {
    this.#states.set(workflow, state);
  }

  handle(request: RouteRequest): RouteAnswer {
    const workflow = WORKFLOW_PATH.exec(request.path)?.[1];
    const state = workflow === undefined ? 'deleted' : (this.#states.get(workflow) ?? 'active');
    if (workflow === undefined || state === 'deleted') {
      return json(404, { error: { code: 'WorkflowNotFound', message: 'The workflow could not be found.' } }, false, { error: 'WorkflowNotFound' });
    }
    if (state === 'unauthorized') {
      return json(401, { error: { code: 'DirectApiAuthorizationRequired', message: 'The request must be authenticated.' } }, false, { error: 'unauthorized' });
    }
    const admitted = this.#rate.admit(workflow, request.now);
    if (!admitted.ok) {
      return json(429, { error: { code: 'WorkflowRequestsThrottled', message: 'Rate limit is exceeded.' } }, false, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(admitted.retryAfterMs / 1000))) },
        error: 'throttled',
      });
    }
    const message = messageSchema.safeParse(parseJson(request.body));
    if (!message.success) {
      return json(400, { error: { code: 'InvalidRequestContent', message: 'The request content is not valid for the trigger.' } }, false, {
        error: 'InvalidRequestContent',
      });
    }
    for (const attachment of message.data.attachments) this.cards.push({ workflow, card: attachment.content, at: request.now });
    return { status: 202, body: '', acted: true };
  }
}
