/** Every screen of the sidebar: the navigation button's label and the heading the screen then shows. */
export const MAIN_SCREENS = [
  ['Dashboard', 'Dashboard'],
  [/Incidents/, 'Incidents'],
  [/Outbox/, 'Outbox'],
  ['Notifications', 'Notification centre'],
  ['Translation', 'Translation'],
  ['Operations', 'Operations'],
  ['Administration', 'Administration'],
  ['Settings', 'Settings'],
] as const;
