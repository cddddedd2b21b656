import { defineStore } from 'pinia';
import type { StatusFilter } from '@/lib/list-filter';

/**
 * The console list's search and Open / Resolved / All filter. Both work on what has been read: the Status
 * Page API's list takes only `type` and cursors, so there is no server-side search to ask.
 */
export const useIncidentFilters = defineStore('incidentFilters', {
  state: () => ({ query: '', status: 'all' as StatusFilter }),
  actions: {
    clear() {
      this.query = '';
      this.status = 'all';
    },
  },
});
