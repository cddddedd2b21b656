import { defineAsyncComponent, type Component } from 'vue';

/**
 * The screens of the app, in sidebar order. Each is loaded on first visit, so the initial bundle holds only
 * the shell. Every entry is a finished screen.
 */
export interface ScreenDefinition {
  id: string;
  label: string;
  icon: string;
  component: Component;
}

export const SCREENS = [
  { id: 'dashboard', label: 'Dashboard', icon: '◉', component: defineAsyncComponent(() => import('./views/DashboardView.vue')) },
  { id: 'incidents', label: 'Incidents', icon: '⚑', component: defineAsyncComponent(() => import('./views/IncidentsView.vue')) },
  { id: 'outbox', label: 'Outbox', icon: '⇅', component: defineAsyncComponent(() => import('./views/OutboxView.vue')) },
  { id: 'history', label: 'Notifications', icon: '▤', component: defineAsyncComponent(() => import('./views/HistoryView.vue')) },
  { id: 'translation', label: 'Translation', icon: '文', component: defineAsyncComponent(() => import('./views/TranslationView.vue')) },
  { id: 'operations', label: 'Operations', icon: '⌫', component: defineAsyncComponent(() => import('./views/OperationsView.vue')) },
  { id: 'admin', label: 'Administration', icon: '▦', component: defineAsyncComponent(() => import('./views/AdminView.vue')) },
  { id: 'settings', label: 'Settings', icon: '⚙', component: defineAsyncComponent(() => import('./views/SettingsView.vue')) },
] as const satisfies readonly ScreenDefinition[];

export type ScreenId = (typeof SCREENS)[number]['id'];
