import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { IncidentTemplate, PagePrefs, PageRef, TemplateContent } from '@shared/incidents/page-prefs';
import { api, call } from '@/api';

const keyOf = (page: PageRef) => `${page.accountId}|${page.subdomain}`;

/**
 * Incident templates and the languages last translated into, per page, as the main process keeps them
 * (`incident-pages.json`). Each answer is the page's whole list, so the copy here is never half-updated.
 */
export const useIncidentPagePrefs = defineStore('incidentPagePrefs', () => {
  const pages = ref<Record<string, PagePrefs>>({});

  const templatesOf = computed(
    () =>
      (page: PageRef | null): IncidentTemplate[] =>
        page ? (pages.value[keyOf(page)]?.templates ?? []) : [],
  );
  const languagesOf = computed(
    () =>
      (page: PageRef | null): string[] =>
        page ? (pages.value[keyOf(page)]?.languages ?? []) : [],
  );

  function keep(page: PageRef, prefs: PagePrefs): PagePrefs {
    pages.value[keyOf(page)] = prefs;
    return prefs;
  }

  async function load(page: PageRef, force = false): Promise<PagePrefs> {
    const known = pages.value[keyOf(page)];
    if (known && !force) return known;
    return keep(page, await call(api().incidents.pagePrefs(page)));
  }

  async function saveTemplate(page: PageRef, name: string, content: TemplateContent) {
    return keep(page, await call(api().incidents.saveTemplate({ ...page, name, content })));
  }

  async function renameTemplate(page: PageRef, id: string, name: string) {
    return keep(page, await call(api().incidents.renameTemplate({ ...page, id, name })));
  }

  async function deleteTemplate(page: PageRef, id: string) {
    return keep(page, await call(api().incidents.deleteTemplate({ ...page, id })));
  }

  async function rememberLanguages(page: PageRef, languages: string[]) {
    return keep(page, await call(api().incidents.rememberLanguages({ ...page, languages })));
  }

  return { pages, templatesOf, languagesOf, load, saveTemplate, renameTemplate, deleteTemplate, rememberLanguages };
});
