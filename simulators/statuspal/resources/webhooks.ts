import { floorSecond } from '../clock';
import { idParam, ok } from '../context';
import { invalid } from '../errors';
import type { Page, Webhook } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { webhookJson } from '../views';
import { extrasOf, optStr, optStrArray, type Obj } from '../validate';
import { collectionRoutes, recordIn } from './collection';
import { applyChanges } from './common';

/**
 * Outbound webhooks (configuration only: the simulator records them but does not deliver events).
 * Event names seen in the product: incident.created, incident.updated, incident.deleted,
 * service.monitored_status.updated; other strings are kept, not rejected.
 */
const KNOWN = new Set(['id', 'url', 'events', 'inserted_at', 'updated_at']);
const WEBHOOK_EVENTS = ['incident.created', 'incident.updated', 'incident.deleted', 'service.monitored_status.updated'];

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

const P = '/status_pages/:sd/webhooks';

export const webhookRoutes: RouteDef[] = collectionRoutes<Webhook, Page>({
  op: 'webhooks',
  path: P,
  key: 'webhook',
  read: { scope: 'page', need: 'read' },
  write: { scope: 'page', need: 'admin' },
  holder: (ctx) => ctx.page(),
  // A bare array under `webhooks`: this list has no links or meta.
  list: (_ctx, page) => ok({ webhooks: [...page.webhooks.values()].map(webhookJson) }),
  find: (ctx, page) => recordIn(page.webhooks, idParam(ctx, 'id'), 'webhook'),
  view: (_ctx, w) => webhookJson(w),
  create: (ctx, page, o) => createWebhook(ctx.core.store, page, o, ctx.now),
  update: (ctx, _page, w, o) => applyChanges(w, parse(o, true), ['url', 'events'], ctx.now),
  remove: (_ctx, page, w) => page.webhooks.delete(w.id),
  idOf: (w) => w.id,
});
