import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { RateWindow } from './rate-window';
import { json, parseJson, type RouteAnswer, type RouteRequest } from './route-answer';

/*
 * PagerDuty's Events API v2, as https://developer.pagerduty.com/docs/events-api-v2/trigger-events/ documents it:
 * POST /v2/enqueue; 202 `{status: "success", message: "Event processed", dedup_key}`; 400 `{status: "invalid
 * event", message: "Event object is invalid", errors: […]}`; 429 past about 120 events a minute per routing
 * key (https://developer.pagerduty.com/docs/events-api-v2/rate-limits/). Deduplication as documented: a trigger
 * whose dedup_key names an open alert is merged into it; a resolve closes it; a resolve of nothing open is
 * dropped; a trigger after the resolve opens a new alert. `pages` counts alerts opened: what woke someone.
 * POST /v2/change/enqueue takes change events (they notify nobody).
 */

interface PagerDutyAlert {
  routingKey: string;
  dedupKey: string;
  status: 'triggered' | 'resolved';
  summary: string;
  severity: string;
  /** Trigger events merged into it, the first included. */
  triggers: number;
}

const triggerPayload = z.object({
  summary: z.string().min(1).max(1024),
  source: z.string().min(1),
  severity: z.enum(['critical', 'error', 'warning', 'info']),
  timestamp: z.string().datetime({ offset: true }).optional(),
  custom_details: z.unknown().optional(),
});
const eventSchema = z.object({
  routing_key: z.string().length(32),
  event_action: z.enum(['trigger', 'acknowledge', 'resolve']),
  dedup_key: z.string().min(1).max(255).optional(),
  payload: z.unknown().optional(),
  links: z.array(z.object({ href: z.string().url(), text: z.string().optional() })).optional(),
});
const changeSchema = z.object({
  routing_key: z.string().length(32),
  payload: z.object({ summary: z.string().min(1).max(1024), source: z.string().optional(), timestamp: z.string().optional() }).passthrough(),
});

const invalid = (errors: string[]) => json(400, { status: 'invalid event', message: 'Event object is invalid', errors }, false, { error: errors.join('; ') });

export class PagerDutyRoute {
  readonly alerts: PagerDutyAlert[] = [];
  readonly changes: Array<{ routingKey: string; summary: string }> = [];
  readonly #open = new Map<string, PagerDutyAlert>();
  readonly #rate: RateWindow;
  /** When set, only these routing keys exist. */
  #routingKeys: Set<string> | null;

  constructor(rate: { messages: number; perMs: number }, routingKeys: string[] | null) {
    this.#rate = new RateWindow(rate.messages, rate.perMs);
    this.#routingKeys = routingKeys ? new Set(routingKeys) : null;
  }

  /** Alerts opened: each one paged whoever is on call. */
  pages(): number {
    return this.alerts.length;
  }

  handleEvent(request: RouteRequest): RouteAnswer {
    const parsed = eventSchema.safeParse(parseJson(request.body));
    if (!parsed.success) return invalid(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'event'}: ${issue.message}`));
    const event = parsed.data;
    if (this.#routingKeys && !this.#routingKeys.has(event.routing_key)) return invalid(['Invalid routing key']);
    const limited = this.#throttled(event.routing_key, request.now);
    if (limited) return limited;
    if (event.event_action === 'trigger') {
      const payload = triggerPayload.safeParse(event.payload);
      if (!payload.success) return invalid(payload.error.issues.map((issue) => `payload.${issue.path.join('.')}: ${issue.message}`));
      const dedupKey = event.dedup_key ?? randomUUID();
      const id = `${event.routing_key}\u0000${dedupKey}`;
      const open = this.#open.get(id);
      if (open) open.triggers++;
      else {
        const alert: PagerDutyAlert = {
          routingKey: event.routing_key,
          dedupKey,
          status: 'triggered',
          summary: payload.data.summary,
          severity: payload.data.severity,
          triggers: 1,
        };
        this.alerts.push(alert);
        this.#open.set(id, alert);
      }
      return this.#accepted(dedupKey);
    }
    if (!event.dedup_key) return invalid(['dedup_key is required for acknowledge and resolve events']);
    const id = `${event.routing_key}\u0000${event.dedup_key}`;
    const open = this.#open.get(id);
    if (open && event.event_action === 'resolve') {
      open.status = 'resolved';
      this.#open.delete(id);
    }
    return this.#accepted(event.dedup_key);
  }

  handleChange(request: RouteRequest): RouteAnswer {
    const parsed = changeSchema.safeParse(parseJson(request.body));
    if (!parsed.success) return invalid(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'event'}: ${issue.message}`));
    if (this.#routingKeys && !this.#routingKeys.has(parsed.data.routing_key)) return invalid(['Invalid routing key']);
    const limited = this.#throttled(parsed.data.routing_key, request.now);
    if (limited) return limited;
    this.changes.push({ routingKey: parsed.data.routing_key, summary: parsed.data.payload.summary });
    return json(202, { status: 'success', message: 'Change event processed' }, true);
  }

  #throttled(routingKey: string, now: number): RouteAnswer | null {
    const admitted = this.#rate.admit(routingKey, now);
    if (admitted.ok) return null;
    return json(429, { status: 'throttle event', message: 'Requests for this service are arriving too quickly. Please retry later.' }, false, {
      error: 'throttled',
    });
  }

  #accepted(dedupKey: string): RouteAnswer {
    return json(202, { status: 'success', message: 'Event processed', dedup_key: dedupKey }, true);
  }
}
