import { forbidden, unauthorized } from './errors';
import type { KeyRecord, Org, Page } from './model';
import { roleRank, type Store } from './store';

/**
 * Who may do what, modelled on the service's roles:
 * - organization keys: read-only or read-write, for the organization and every page of it;
 * - user keys: the user's role, the best of a page membership and an organization membership
 *   (billing is organization-only and gives no page rights).
 * Needs: `read` (viewer+), `edit` (editor+: incidents, notices, updates, metrics, subscriptions),
 * `admin` (admin+: services, webhooks, access groups, members, pages). Organization-level writes need admin.
 */
export type Need = 'read' | 'edit' | 'admin';

export function authenticate(store: Store, header: string | string[] | undefined): KeyRecord {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw || raw.trim() === '') throw unauthorized('no key');
  const rec = store.findKey(raw.trim());
  if (!rec) throw unauthorized('unknown key');
  return rec;
}

/** A key sent to a public operation still identifies the caller (rate limit bucket), if it is valid. */
export function identify(store: Store, header: string | string[] | undefined): KeyRecord | null {
  const raw = Array.isArray(header) ? header[0] : header;
  return raw ? (store.findKey(raw.trim()) ?? null) : null;
}

const PAGE_NEED_RANK: Record<Need, number> = { read: roleRank('viewer'), edit: roleRank('editor'), admin: roleRank('admin') };

/** An organization key may do what its access allows, within its own organization only. */
function authorizeOrgKey(principal: KeyRecord & { kind: 'org' }, orgId: number, need: Need): void {
  if (principal.orgId !== orgId) throw forbidden('key of another organization');
  if (need !== 'read' && principal.access !== 'write') throw forbidden('read-only key');
}

export function authorizePage(store: Store, principal: KeyRecord, page: Page, need: Need): void {
  if (principal.kind === 'org') return authorizeOrgKey(principal, page.orgId, need);
  const role = store.userRoleOnPage(principal.userId, page);
  if (role === null) throw forbidden('no role on this page');
  if (roleRank(role) < PAGE_NEED_RANK[need]) throw forbidden(`role ${role} cannot ${need}`);
}

export function authorizeOrg(store: Store, principal: KeyRecord, org: Org, need: Need): void {
  if (principal.kind === 'org') return authorizeOrgKey(principal, org.id, need);
  const role = store.userRoleOnOrg(principal.userId, org);
  if (role === null) throw forbidden('not a member of this organization');
  if (need !== 'read' && roleRank(role) < roleRank('admin')) throw forbidden(`role ${role} cannot change the organization`);
}
