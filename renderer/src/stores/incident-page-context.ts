import { defineStore } from 'pinia';
import { ref } from 'vue';
import { publicPageAddress } from '@shared/statuspal/public-page';
import { readStatusPage } from '@/lib/statuspal-read';
import { emptyContext, servicesFromList, servicesFromSummary, serviceTypesOf, typesFromSummary, type PageContext } from '@/lib/page-context';
import { pageReadFailure } from '@/lib/page-read-failure';
import { useAccountsStore } from './accounts';

/**
 * What the incident and notice editors know of an account's page: its name and address, services, incident
 * types and language, read once per account (again after a failure, or when asked).
 */
export const useIncidentPageContext = defineStore('incidentPageContext', () => {
  /** By account id. */
  const contexts = ref<Record<string, PageContext>>({});

  /** From the public summary, else the admin list of services. */
  async function loadContext(accountId: string, force = false) {
    const existing = contexts.value[accountId];
    if (existing && existing.state !== 'error' && !force) return;
    const account = useAccountsStore().accounts.find((a) => a.id === accountId);
    if (!account) return;
    contexts.value[accountId] = { ...(existing ?? emptyContext()), state: 'loading', error: null };
    try {
      const summary = (await readStatusPage(accountId, 'getPageSummary', { subdomain: account.subdomain })).item;
      contexts.value[accountId] = {
        state: 'ready',
        error: null,
        pageName: summary.status_page.name,
        // The public page (the translation's request_url): status_page.url is the company's website.
        pageUrl: publicPageAddress({
          itemUrls: [...summary.incidents, ...summary.maintenances, ...summary.upcoming_maintenances, ...(summary.info_notices ?? [])].map((item) => item.url),
          subdomain: account.subdomain,
          region: account.region,
        }),
        defaultLang: summary.status_page.default_lang ?? null,
        services: servicesFromSummary(summary.services),
        serviceTypes: serviceTypesOf(summary.services),
        ...typesFromSummary(summary),
      };
    } catch (error) {
      try {
        const services = (await readStatusPage(accountId, 'listServices', { subdomain: account.subdomain })).items;
        contexts.value[accountId] = { ...emptyContext('ready'), services: servicesFromList(services) };
      } catch {
        contexts.value[accountId] = { ...emptyContext('error'), error: pageReadFailure(error) };
      }
    }
  }

  return { contexts, loadContext };
});
