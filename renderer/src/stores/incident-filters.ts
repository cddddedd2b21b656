import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { StatusFilter } from '@/lib/list-filter';

/**
 * The console list's search and Open / Resolved / All filter. Both work on what has been read: the Status
 * Page API's list takes only `type` and cursors, so there is no server-side search to ask.
 */
export const useIncidentFilters = defineStore('incidentFilters', () => {
  const query = ref('');
  const status = ref<StatusFilter>('all');

  function clear() {
    query.value = '';
    status.value = 'all';
  }

  return { query, status, clear };
});
