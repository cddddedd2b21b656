/**
 * The window's keyboard shortcuts, and the one decision of which (if any) a key press means. The palette's
 * Ctrl/Cmd+K works everywhere, a text field included; the single keys only where typing them would not type
 * text (not in a field, an editable area or a select) and where no dialog is open, since a dialog owns its keys.
 */
export type ShortcutAction = 'palette' | 'search' | 'new-incident' | 'help';

export interface Shortcut {
  action: ShortcutAction;
  /** As shown to the user, for this platform. */
  keys: string;
  /** The ARIA form (`aria-keyshortcuts`). */
  aria: string;
  label: string;
}

export function shortcutsFor(mac: boolean): Shortcut[] {
  return [
    { action: 'palette', keys: mac ? '⌘K' : 'Ctrl+K', aria: mac ? 'Meta+K' : 'Control+K', label: 'Command palette' },
    { action: 'search', keys: '/', aria: '/', label: 'Search incidents' },
    { action: 'new-incident', keys: 'N', aria: 'N', label: 'New incident' },
    { action: 'help', keys: '?', aria: 'Shift+?', label: 'Show the keyboard shortcuts' },
  ];
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element's tag name (upper case, as the DOM gives it) and whether it is editable. */
  targetTag: string;
  targetEditable: boolean;
  /** A modal dialog (an editor, a question) is open. */
  dialogOpen: boolean;
  mac: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function shortcutOf(press: KeyPress): ShortcutAction | null {
  const command = press.mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
  if (command && !press.altKey && press.key.toLowerCase() === 'k') return 'palette';
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.dialogOpen || press.targetEditable || TYPING_TAGS.has(press.targetTag)) return null;
  if (press.key === '/') return 'search';
  if (press.key === 'n' || press.key === 'N') return 'new-incident';
  if (press.key === '?') return 'help';
  return null;
}
