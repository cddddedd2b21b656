import { randomUUID } from 'node:crypto';
import type { AccountRecord } from '@shared/accounts/account';
import { AppError } from '@shared/errors';
import { watchedPageSchema, type WatchedPage } from '@shared/monitor/watched-page';
import type { WatchedPageFormInput } from '@shared/monitor/watched-page-input';

/** What the window may change of a watched page. */
export interface PageChange {
  id: string;
  name?: string | null;
  intervalSec?: number;
  muted?: boolean;
  notifyUpdates?: boolean;
  parts?: string[];
  mutedServiceIds?: number[];
  serviceMapping?: { accountId: string; map: Record<string, number[]> };
}

/** The settings entry of a Status Page API page from the form: a page of an account lives on the account's server. */
export function ownPageFromForm(input: WatchedPageFormInput, accounts: readonly AccountRecord[]): WatchedPage {
  const account = input.accountId ? accounts.find((a) => a.id === input.accountId) : undefined;
  if (input.accountId && !account) throw new AppError('not_found', 'That account no longer exists.');
  const region = account ? account.region : input.region;
  const baseUrl = account ? account.baseUrl : input.region === 'custom' ? input.baseUrl : undefined;
  return watchedPageSchema.parse({
    id: randomUUID(),
    ...(input.name ? { name: input.name } : {}),
    region,
    ...(baseUrl ? { baseUrl } : {}),
    subdomain: input.subdomain,
    ...(account ? { accountId: account.id } : {}),
    ...(input.intervalSec ? { intervalSec: input.intervalSec } : {}),
  });
}

/** The page with what the change names; an absent field keeps its value, a null name goes back to the page's own. */
export function changedPage(current: WatchedPage, change: PageChange): WatchedPage {
  return watchedPageSchema.parse({
    ...current,
    ...(change.name === null ? { name: undefined } : change.name !== undefined ? { name: change.name || undefined } : {}),
    ...(change.intervalSec !== undefined ? { intervalSec: change.intervalSec } : {}),
    ...(change.muted !== undefined ? { muted: change.muted } : {}),
    ...(change.notifyUpdates !== undefined ? { notifyUpdates: change.notifyUpdates } : {}),
    // Parts are a provider page's; none left is the whole provider again.
    ...(change.parts !== undefined && current.kind === 'provider' ? { parts: change.parts.length > 0 ? change.parts : undefined } : {}),
    ...(change.mutedServiceIds !== undefined ? { mutedServiceIds: [...new Set(change.mutedServiceIds)] } : {}),
    ...(change.serviceMapping ? { serviceMappings: { ...current.serviceMappings, [change.serviceMapping.accountId]: change.serviceMapping.map } } : {}),
  });
}

export function withFollow(page: WatchedPage, incidentId: number, follow: boolean): WatchedPage {
  const ids = new Set(page.followedIncidentIds);
  if (follow) ids.add(incidentId);
  else ids.delete(incidentId);
  return { ...page, followedIncidentIds: [...ids] };
}

/** The page following only the incidents still open: an ended one's follow goes once its end was told. */
export function withOpenFollowsOnly(page: WatchedPage, open: ReadonlySet<number>): WatchedPage {
  return { ...page, followedIncidentIds: page.followedIncidentIds.filter((id) => open.has(id)) };
}
