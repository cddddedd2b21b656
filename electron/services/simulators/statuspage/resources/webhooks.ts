import { floorSecond } from '../clock';
import { created, deleted, idParam, ok } from '../context';
import { invalid, notFound } from '../errors';
import type { Page, Webhook } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { webhookJson } from '../views';
import { extrasOf, optStr, optStrArray, unwrap, type Obj } from '../validate';
import { touch } from './common';

/**
 * Outbound webhooks (configuration only: the simulator records them but does not deliver events).
 * Event names seen in the product: incident.created, incident.updated, incident.deleted,
 * service.monitored_status.updated; other strings are kept, not rejected.
 */
const KNOWN = new Set(['id', 'url', 'events', 'inserted_at', 'updated_at']);
export const WEBHOOK_EVENTS = ['incident.created', 'incident.updated', 'incident.deleted', 'service.monitored_status.updated'];

function parse(o: Obj, partial: boolean) {
  const url = optStr(o, 'url', { required: !partial, nonEmpty: true });
  if (url !== undefined && !/^https?:\/\/\S+$/.test(url)) throw invalid('url must be http(s)');
  return { url, events: optStrArray(o, 'events'), extra: extrasOf(o, KNOWN) };
}

export function createWebhook(store: Store, page: Page, o: Obj, now: number): Webhook {
  const input = parse(o, false);
  const t = floorSecond(now);
  const w: Webhook = {
    id: store.nextId('webhook'),
    url: input.url ?? '',
    events: input.events ?? [...WEBHOOK_EVENTS],
    insertedAt: t,
    updatedAt: t,
    extra: input.extra,
  };
  page.webhooks.set(w.id, w);
  return w;
}

function find(page: Page, id: number): Webhook {
  const w = page.webhooks.get(id);
  if (!w) throw notFound(`webhook ${id}`);
  return w;
}

const P = '/status_pages/:sd/webhooks';
const admin = { scope: 'page', need: 'admin' } as const;

export const webhookRoutes: RouteDef[] = [
  {
    op: 'webhooks.list',
    method: 'GET',
    path: P,
    access: { scope: 'page', need: 'read' },
    // A bare array under `webhooks`: this list has no links or meta.
    handle: (ctx) => ok({ webhooks: [...ctx.page().webhooks.values()].map(webhookJson) }),
  },
  {
    op: 'webhooks.create',
    method: 'POST',
    path: P,
    access: admin,
    handle(ctx) {
      const w = createWebhook(ctx.core.store, ctx.page(), unwrap(ctx.body(), 'webhook'), ctx.now);
      return created(ctx, { webhook: webhookJson(w) }, w.id);
    },
  },
  {
    op: 'webhooks.get',
    method: 'GET',
    path: `${P}/:id`,
    access: { scope: 'page', need: 'read' },
    handle: (ctx) => ok({ webhook: webhookJson(find(ctx.page(), idParam(ctx, 'id'))) }),
  },
  {
    op: 'webhooks.update',
    method: 'PUT',
    path: `${P}/:id`,
    access: admin,
    handle(ctx) {
      const w = find(ctx.page(), idParam(ctx, 'id'));
      const input = parse(unwrap(ctx.body(), 'webhook'), true);
      if (input.url !== undefined) w.url = input.url;
      if (input.events !== undefined) w.events = input.events;
      w.extra = { ...w.extra, ...input.extra };
      touch(w, ctx.now);
      return ok({ webhook: webhookJson(w) }, w.id);
    },
  },
  {
    op: 'webhooks.delete',
    method: 'DELETE',
    path: `${P}/:id`,
    access: admin,
    handle(ctx) {
      const page = ctx.page();
      const w = find(page, idParam(ctx, 'id'));
      page.webhooks.delete(w.id);
      return deleted(w.id);
    },
  },
];
