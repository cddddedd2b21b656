import { ArrowUpDown, Bell, Eraser, Languages, LayoutDashboard, Settings, TriangleAlert, Wrench } from 'lucide-vue-next';
import { defineAsyncComponent, markRaw, type Component } from 'vue';

/**
 * The screens of the app, in sidebar order. Each is loaded on first visit, so the initial bundle holds only
 * the shell. Every entry is a finished screen. `tools`: a screen few people open every day (the translation
 * panel, the operations clean-up), listed apart below the main navigation so the daily screens stand out.
 */
export interface ScreenDefinition {
  id: string;
  label: string;
  group: 'main' | 'tools';
  /** An SVG icon (lucide): drawn the same on every system, unlike a text glyph that needs a font to have it. */
  icon: Component;
  component: Component;
}

export const SCREENS = [
  {
    id: 'dashboard',
    group: 'main',
    label: 'Dashboard',
    icon: markRaw(LayoutDashboard),
    component: defineAsyncComponent(() => import('./views/DashboardView.vue')),
  },
  {
    id: 'incidents',
    group: 'main',
    label: 'Incidents',
    icon: markRaw(TriangleAlert),
    component: defineAsyncComponent(() => import('./views/IncidentsView.vue')),
  },
  { id: 'outbox', group: 'main', label: 'Outbox', icon: markRaw(ArrowUpDown), component: defineAsyncComponent(() => import('./views/OutboxView.vue')) },
  { id: 'history', group: 'main', label: 'Notifications', icon: markRaw(Bell), component: defineAsyncComponent(() => import('./views/HistoryView.vue')) },
  { id: 'admin', group: 'main', label: 'Administration', icon: markRaw(Wrench), component: defineAsyncComponent(() => import('./views/AdminView.vue')) },
  { id: 'settings', group: 'main', label: 'Settings', icon: markRaw(Settings), component: defineAsyncComponent(() => import('./views/SettingsView.vue')) },
  {
    id: 'translation',
    group: 'tools',
    label: 'Translation',
    icon: markRaw(Languages),
    component: defineAsyncComponent(() => import('./views/TranslationView.vue')),
  },
  { id: 'operations', group: 'tools', label: 'Operations', icon: markRaw(Eraser), component: defineAsyncComponent(() => import('./views/OperationsView.vue')) },
] as const satisfies readonly ScreenDefinition[];

export type ScreenId = (typeof SCREENS)[number]['id'];
