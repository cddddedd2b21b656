import { defineStore } from 'pinia';
import type { IncidentTemplate, PagePrefs, PageRef, TemplateContent } from '@shared/incidents/page-prefs';
import { api, call } from '@/api';

const keyOf = (page: PageRef) => `${page.accountId}|${page.subdomain}`;

/**
 * Incident templates and the languages last translated into, per page, as the main process keeps them
 * (`incident-pages.json`). Each answer is the page's whole list, so the copy here is never half-updated.
 */
export const useIncidentPagePrefs = defineStore('incidentPagePrefs', {
  state: () => ({ pages: {} as Record<string, PagePrefs> }),
  getters: {
    templatesOf:
      (state) =>
      (page: PageRef | null): IncidentTemplate[] =>
        page ? (state.pages[keyOf(page)]?.templates ?? []) : [],
    languagesOf:
      (state) =>
      (page: PageRef | null): string[] =>
        page ? (state.pages[keyOf(page)]?.languages ?? []) : [],
  },
  actions: {
    async load(page: PageRef, force = false): Promise<PagePrefs> {
      const known = this.pages[keyOf(page)];
      if (known && !force) return known;
      return this.keep(page, await call(api().incidents.pagePrefs(page)));
    },
    async saveTemplate(page: PageRef, name: string, content: TemplateContent) {
      return this.keep(page, await call(api().incidents.saveTemplate({ ...page, name, content })));
    },
    async renameTemplate(page: PageRef, id: string, name: string) {
      return this.keep(page, await call(api().incidents.renameTemplate({ ...page, id, name })));
    },
    async deleteTemplate(page: PageRef, id: string) {
      return this.keep(page, await call(api().incidents.deleteTemplate({ ...page, id })));
    },
    async rememberLanguages(page: PageRef, languages: string[]) {
      return this.keep(page, await call(api().incidents.rememberLanguages({ ...page, languages })));
    },
    keep(page: PageRef, prefs: PagePrefs): PagePrefs {
      this.pages[keyOf(page)] = prefs;
      return prefs;
    },
  },
});
