import { ArrowUpDown, Bell, Eraser, Languages, LayoutDashboard, Settings, TriangleAlert, Wrench } from 'lucide-vue-next';
import { defineAsyncComponent, markRaw, type Component } from 'vue';

/**
 * The screens of the app, in sidebar order. Each is loaded on first visit, so the initial bundle holds only
 * the shell. Every entry is a finished screen.
 */
export interface ScreenDefinition {
  id: string;
  label: string;
  /** An SVG icon (lucide): drawn the same on every system, unlike a text glyph that needs a font to have it. */
  icon: Component;
  component: Component;
}

export const SCREENS = [
  { id: 'dashboard', label: 'Dashboard', icon: markRaw(LayoutDashboard), component: defineAsyncComponent(() => import('./views/DashboardView.vue')) },
  { id: 'incidents', label: 'Incidents', icon: markRaw(TriangleAlert), component: defineAsyncComponent(() => import('./views/IncidentsView.vue')) },
  { id: 'outbox', label: 'Outbox', icon: markRaw(ArrowUpDown), component: defineAsyncComponent(() => import('./views/OutboxView.vue')) },
  { id: 'history', label: 'Notifications', icon: markRaw(Bell), component: defineAsyncComponent(() => import('./views/HistoryView.vue')) },
  { id: 'translation', label: 'Translation', icon: markRaw(Languages), component: defineAsyncComponent(() => import('./views/TranslationView.vue')) },
  { id: 'operations', label: 'Operations', icon: markRaw(Eraser), component: defineAsyncComponent(() => import('./views/OperationsView.vue')) },
  { id: 'admin', label: 'Administration', icon: markRaw(Wrench), component: defineAsyncComponent(() => import('./views/AdminView.vue')) },
  { id: 'settings', label: 'Settings', icon: markRaw(Settings), component: defineAsyncComponent(() => import('./views/SettingsView.vue')) },
] as const satisfies readonly ScreenDefinition[];

export type ScreenId = (typeof SCREENS)[number]['id'];
