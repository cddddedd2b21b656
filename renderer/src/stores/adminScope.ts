import { defineStore } from 'pinia';
import type { AccountView } from '../../../shared/accounts/account';
import type { AdminScope } from '../../../shared/admin/scope';
import { messageOf } from '../api';
import { readStatusPage } from '../lib/statuspage-read';
import { useAccountsStore } from './accounts';

export const ADMIN_TABS = ['services', 'subscriptions', 'webhooks', 'accessGroups', 'pageMembers', 'orgMembers', 'statusPages', 'metrics'] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number];

export interface OrganizationChoice {
  id: string;
  /** Accounts that belong to it; the selected account first when it does. */
  accounts: AccountView[];
}

export interface PageChoice {
  subdomain: string;
  name: string | null;
}

/**
 * What the administration screen works on: the account (whose key is used), the status page of page-level
 * resources and the organization of organization-level ones, and the open tab. Kept while the user visits
 * other screens.
 */
export const useAdminScope = defineStore('adminScope', {
  state: () => ({
    accountId: null as string | null,
    subdomain: null as string | null,
    tab: 'services' as AdminTabId,
    /** Status pages of the account's organization, for the page switcher. */
    orgPages: [] as PageChoice[],
    orgPagesFor: null as string | null,
    orgPagesError: null as string | null,
  }),
  getters: {
    accounts: (): AccountView[] => useAccountsStore().accounts,
    account(): AccountView | null {
      return this.accounts.find((a) => a.id === this.accountId) ?? null;
    },
    hasKey(): boolean {
      return this.account !== null && this.account.key.storage !== 'none';
    },
    /** The organizations of the configured accounts, each with the accounts that can act on it. */
    organizations(): OrganizationChoice[] {
      const byId = new Map<string, AccountView[]>();
      for (const account of this.accounts) {
        if (!account.organizationId) continue;
        const list = byId.get(account.organizationId) ?? [];
        if (account.id === this.accountId) list.unshift(account);
        else list.push(account);
        byId.set(account.organizationId, list);
      }
      return [...byId.entries()].map(([id, accounts]) => ({ id, accounts })).sort((a, b) => Number(a.id) - Number(b.id));
    },
    organizationId(): string | null {
      return this.account?.organizationId ?? null;
    },
    /** The account's own page first, then the other pages of its organization. */
    pages(): PageChoice[] {
      const own = this.account?.subdomain;
      const pages: PageChoice[] = own ? [{ subdomain: own, name: this.orgPages.find((p) => p.subdomain === own)?.name ?? null }] : [];
      for (const page of this.orgPages) if (page.subdomain !== own) pages.push(page);
      return pages;
    },
    pageScope(): AdminScope | null {
      return this.accountId && this.subdomain ? { kind: 'page', accountId: this.accountId, subdomain: this.subdomain } : null;
    },
    orgScope(): AdminScope | null {
      return this.accountId && this.organizationId ? { kind: 'org', accountId: this.accountId, organizationId: this.organizationId } : null;
    },
  },
  actions: {
    /** Loads the accounts and keeps the current choice when it is still valid, else picks the first account with a key. */
    async start() {
      const accounts = useAccountsStore();
      await accounts.load();
      if (!this.account) {
        const first = accounts.accounts.find((a) => a.key.storage !== 'none') ?? accounts.accounts[0];
        if (first) this.selectAccount(first.id);
      } else void this.loadOrgPages();
    },
    selectAccount(id: string) {
      const account = this.accounts.find((a) => a.id === id);
      if (!account) return;
      this.accountId = id;
      this.subdomain = account.subdomain;
      void this.loadOrgPages();
    },
    /** An organization is worked on through an account of it: the selected one when it belongs, else the first. */
    selectOrganization(organizationId: string) {
      if (this.organizationId === organizationId) return;
      const choice = this.organizations.find((o) => o.id === organizationId);
      if (choice?.accounts[0]) this.selectAccount(choice.accounts[0].id);
    },
    selectPage(subdomain: string) {
      this.subdomain = subdomain;
    },
    async loadOrgPages(force = false) {
      const account = this.account;
      const key = account?.organizationId && account.key.storage !== 'none' ? `${account.id}:${account.organizationId}` : null;
      if (!force && key === this.orgPagesFor) return;
      this.orgPagesFor = key;
      this.orgPages = [];
      this.orgPagesError = null;
      const organizationId = account?.organizationId;
      if (!account || !key || !organizationId) return;
      try {
        // The status page list takes no cursor: the server answers every page of the organization at once.
        const result = await readStatusPage(account.id, 'listStatusPages', { organizationId });
        const pages = result.items.map((item) => ({ subdomain: item.subdomain, name: item.name ?? null }));
        if (this.orgPagesFor === key) this.orgPages = pages;
      } catch (error) {
        if (this.orgPagesFor === key) this.orgPagesError = messageOf(error);
      }
    },
  },
});
