import { computed, type ComputedRef } from 'vue';
import type { PageRef } from '@shared/incidents/page-prefs';
import { useIncidentPagePrefs } from '@/stores/incident-page-prefs';
import { useIncidentsStore } from '@/stores/incidents';

/** The languages the page's incidents read so far carry, most used first. */
export function languagesSeen(items: readonly Record<string, unknown>[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const translations = item.translations;
    if (translations === null || typeof translations !== 'object') continue;
    for (const lang of Object.keys(translations)) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([lang]) => lang);
}

/**
 * The page's own languages for "Translate into…": the Status Page API does not list a page's languages, so
 * the ones last translated into on this page (kept by the main process), else those its incidents carry.
 */
export function usePageLanguages(page: () => PageRef | null | undefined): {
  languages: ComputedRef<string[]>;
  remember: (languages: string[]) => void;
} {
  const prefs = useIncidentPagePrefs();
  const incidents = useIncidentsStore();
  const initial = page();
  if (initial) void prefs.load(initial).catch(() => undefined);
  const languages = computed(() => {
    const ref = page() ?? null;
    const remembered = prefs.languagesOf(ref);
    if (remembered.length > 0) return remembered;
    return ref && incidents.accountId === ref.accountId ? languagesSeen(incidents.lists.incidents.items) : [];
  });
  const remember = (chosen: string[]) => {
    const ref = page();
    // Nothing translated this time says nothing about the page: keep what was remembered.
    if (ref && chosen.length > 0) void prefs.rememberLanguages(ref, chosen).catch(() => undefined);
  };
  return { languages, remember };
}
