import { ArrowUpDown, Bell, Eraser, Languages, LayoutDashboard, Settings, TriangleAlert, Wrench } from 'lucide-vue-next';
import { defineAsyncComponent, markRaw, type Component } from 'vue';
import { SCREEN_NAMES, type ScreenId } from './screen-names';

/**
 * The screens of the app, in sidebar order. Each is loaded on first visit, so the initial bundle holds only
 * the shell. Every entry is a finished screen. `tools`: a screen few people open every day (the translation
 * panel, the operations clean-up), listed apart below the main navigation so the daily screens stand out.
 */
interface ScreenDefinition {
  id: ScreenId;
  label: string;
  group: 'main' | 'tools';
  /** An SVG icon (lucide): drawn the same on every system, unlike a text glyph that needs a font to have it. */
  icon: Component;
  component: Component;
}

/** What draws each screen: its icon, and its view, loaded on first visit. */
const DRAWN: Record<ScreenId, Pick<ScreenDefinition, 'icon' | 'component'>> = {
  dashboard: { icon: markRaw(LayoutDashboard), component: defineAsyncComponent(() => import('./views/DashboardView.vue')) },
  incidents: { icon: markRaw(TriangleAlert), component: defineAsyncComponent(() => import('./views/IncidentsView.vue')) },
  outbox: { icon: markRaw(ArrowUpDown), component: defineAsyncComponent(() => import('./views/OutboxView.vue')) },
  history: { icon: markRaw(Bell), component: defineAsyncComponent(() => import('./views/HistoryView.vue')) },
  admin: { icon: markRaw(Wrench), component: defineAsyncComponent(() => import('./views/AdminView.vue')) },
  settings: { icon: markRaw(Settings), component: defineAsyncComponent(() => import('./views/SettingsView.vue')) },
  translation: { icon: markRaw(Languages), component: defineAsyncComponent(() => import('./views/TranslationView.vue')) },
  operations: { icon: markRaw(Eraser), component: defineAsyncComponent(() => import('./views/OperationsView.vue')) },
};

export const SCREENS: readonly ScreenDefinition[] = SCREEN_NAMES.map((screen) => ({ ...screen, ...DRAWN[screen.id] }));

/** Every id names a screen: SCREEN_NAMES lists each ScreenId, and DRAWN draws each. */
const BY_ID = Object.fromEntries(SCREENS.map((screen) => [screen.id, screen])) as Record<ScreenId, ScreenDefinition>;

export function screenOf(id: ScreenId): ScreenDefinition {
  return BY_ID[id];
}
