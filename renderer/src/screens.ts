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
  { id: 'settings', label: 'Settings', icon: '⚙', component: defineAsyncComponent(() => import('./views/SettingsView.vue')) },
] as const satisfies readonly ScreenDefinition[];

export type ScreenId = (typeof SCREENS)[number]['id'];
