/** Every screen of the sidebar: the navigation button's label and the heading the screen then shows. */
export const MAIN_SCREENS = [
  ['Dashboard', 'Dashboard'],
  [/Incidents/, 'Incidents'],
  [/Outbox/, 'Outbox'],
  ['Notifications', 'Notification centre'],
  ['Administration', 'Administration'],
  ['Settings', 'Settings'],
  ['Translation', 'Translation'],
  ['Operations', 'Operations'],
] as const;
