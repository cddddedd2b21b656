import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AccountView } from '@shared/accounts/account';
import type { AdminScope } from '@shared/admin/scope';
import { messageOf } from '@/api';
import { readStatusPage } from '@/lib/statuspal-read';
import { useAccountsStore } from './accounts';

export const ADMIN_TABS = ['services', 'subscriptions', 'webhooks', 'accessGroups', 'pageMembers', 'orgMembers', 'statusPages', 'metrics'] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number];

interface OrganizationChoice {
  id: string;
  /** Accounts that belong to it; the selected account first when it does. */
  accounts: AccountView[];
}

interface PageChoice {
  subdomain: string;
  name: string | null;
}

/**
 * What the administration screen works on: the account (whose key is used), the status page of page-level
 * resources and the organization of organization-level ones, and the open tab. Kept while the user visits
 * other screens.
 */
export const useAdminScope = defineStore('adminScope', () => {
  const accountId = ref<string | null>(null);
  const subdomain = ref<string | null>(null);
  const tab = ref<AdminTabId>('services');
  /** Status pages of the account's organization, for the page switcher. */
  const orgPages = ref<PageChoice[]>([]);
  const orgPagesFor = ref<string | null>(null);
  const orgPagesError = ref<string | null>(null);

  const accounts = computed((): AccountView[] => useAccountsStore().accounts);
  const account = computed((): AccountView | null => accounts.value.find((a) => a.id === accountId.value) ?? null);
  const hasKey = computed((): boolean => account.value !== null && account.value.key.storage !== 'none');
  /** The organizations of the configured accounts, each with the accounts that can act on it. */
  const organizations = computed((): OrganizationChoice[] => {
    const byId = new Map<string, AccountView[]>();
    for (const candidate of accounts.value) {
      if (!candidate.organizationId) continue;
      const list = byId.get(candidate.organizationId) ?? [];
      if (candidate.id === accountId.value) list.unshift(candidate);
      else list.push(candidate);
      byId.set(candidate.organizationId, list);
    }
    return [...byId.entries()].map(([id, members]) => ({ id, accounts: members })).sort((a, b) => Number(a.id) - Number(b.id));
  });
  const organizationId = computed((): string | null => account.value?.organizationId ?? null);
  /** The account's own page first, then the other pages of its organization. */
  const pages = computed((): PageChoice[] => {
    const own = account.value?.subdomain;
    const choices: PageChoice[] = own ? [{ subdomain: own, name: orgPages.value.find((p) => p.subdomain === own)?.name ?? null }] : [];
    for (const page of orgPages.value) if (page.subdomain !== own) choices.push(page);
    return choices;
  });
  const pageScope = computed((): AdminScope | null =>
    accountId.value && subdomain.value ? { kind: 'page', accountId: accountId.value, subdomain: subdomain.value } : null,
  );
  const orgScope = computed((): AdminScope | null =>
    accountId.value && organizationId.value ? { kind: 'org', accountId: accountId.value, organizationId: organizationId.value } : null,
  );

  /** Loads the accounts and keeps the current choice when it is still valid, else picks the first account with a key. */
  async function start() {
    const store = useAccountsStore();
    await store.load();
    if (!account.value) {
      const first = store.accounts.find((a) => a.key.storage !== 'none') ?? store.accounts[0];
      if (first) selectAccount(first.id);
    } else void loadOrgPages();
  }

  function selectAccount(id: string) {
    const chosen = accounts.value.find((a) => a.id === id);
    if (!chosen) return;
    accountId.value = id;
    subdomain.value = chosen.subdomain;
    void loadOrgPages();
  }

  /** An organization is worked on through an account of it: the selected one when it belongs, else the first. */
  function selectOrganization(id: string) {
    if (organizationId.value === id) return;
    const choice = organizations.value.find((o) => o.id === id);
    if (choice?.accounts[0]) selectAccount(choice.accounts[0].id);
  }

  function selectPage(next: string) {
    subdomain.value = next;
  }

  async function loadOrgPages(force = false) {
    const current = account.value;
    const key = current?.organizationId && current.key.storage !== 'none' ? `${current.id}:${current.organizationId}` : null;
    if (!force && key === orgPagesFor.value) return;
    orgPagesFor.value = key;
    orgPages.value = [];
    orgPagesError.value = null;
    const organization = current?.organizationId;
    if (!current || !key || !organization) return;
    try {
      // The status page list takes no cursor: the server answers every page of the organization at once.
      const result = await readStatusPage(current.id, 'listStatusPages', { organizationId: organization });
      const read = result.items.map((item) => ({ subdomain: item.subdomain, name: item.name ?? null }));
      if (orgPagesFor.value === key) orgPages.value = read;
    } catch (error) {
      if (orgPagesFor.value === key) orgPagesError.value = messageOf(error);
    }
  }

  return {
    accountId,
    subdomain,
    tab,
    orgPages,
    orgPagesFor,
    orgPagesError,
    accounts,
    account,
    hasKey,
    organizations,
    organizationId,
    pages,
    pageScope,
    orgScope,
    start,
    selectAccount,
    selectOrganization,
    selectPage,
    loadOrgPages,
  };
});
