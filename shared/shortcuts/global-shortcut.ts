import { z } from 'zod';

/*
 * The global shortcut brings the window up with the command palette open from any app. Off by default: a
 * system-wide key taken silently can clash with another app's, so the user turns it on and picks the keys.
 * Keys are written as Electron accelerators ("CommandOrControl+Shift+K").
 */

const DEFAULT_GLOBAL_ACCELERATOR = 'CommandOrControl+Shift+K';

const MODIFIERS = new Set(['command', 'cmd', 'control', 'ctrl', 'commandorcontrol', 'cmdorctrl', 'alt', 'option', 'altgr', 'shift', 'super', 'meta']);
const NAMED_KEYS = new Set([
  'space',
  'tab',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'plus',
  'printscreen',
]);

/** The modifier a part stands for, one spelling each ('control' for Ctrl, 'command' for Cmd, 'super' for Meta). */
function modifierOf(part: string): string {
  const name = part.toLowerCase();
  if (name === 'ctrl') return 'control';
  if (name === 'cmd') return 'command';
  if (name === 'cmdorctrl') return 'commandorcontrol';
  if (name === 'option' || name === 'altgr') return 'alt';
  if (name === 'meta') return 'super';
  return name;
}

/*
 * Keys the system or every app already means something by: copy, paste, cut, undo, redo, select all, save,
 * print, find, close, quit, new window or tab; switching apps and windows; locking the screen; the launcher.
 * Taken system-wide they would stop working everywhere else. Written as modifiers (one spelling, sorted) + key.
 */
const EDITING_KEYS = ['a', 'c', 'v', 'x', 'z', 'y', 's', 'p', 'f', 'w', 'q', 'n', 't', 'o', 'r', 'h', 'm'];
const RESERVED = new Set([
  ...['command', 'control', 'commandorcontrol'].flatMap((modifier) => EDITING_KEYS.map((key) => `${modifier}+${key}`)),
  ...['commandorcontrol+shift+z', 'control+shift+z', 'command+shift+z'],
  ...['alt+tab', 'alt+shift+tab', 'alt+f4', 'alt+escape', 'alt+esc'],
  ...['command+tab', 'command+shift+tab', 'command+space', 'control+space', 'commandorcontrol+space', 'command+`'],
  ...['alt+control+delete', 'control+shift+escape', 'control+shift+esc', 'control+escape', 'control+esc', 'super+l', 'super+d', 'super+tab'],
  ...['control+tab', 'control+shift+tab', 'commandorcontrol+tab', 'commandorcontrol+w', 'commandorcontrol+q'],
]);

/** Why these keys cannot be a global shortcut, in the user's words; null when they can. */
export function acceleratorProblem(accelerator: string): string | null {
  // The answer never quotes what was typed: an IPC payload is not echoed back (the IPC fuzz test holds it).
  if (accelerator.length > 60) return 'That is too long for keys: for example CommandOrControl+Shift+K.';
  const parts = accelerator.split('+').map((part) => part.trim());
  if (accelerator.trim() === '' || parts.some((part) => part === '')) return 'Type the keys joined by +, for example CommandOrControl+Shift+K.';
  const key = parts[parts.length - 1]!;
  const modifiers = parts.slice(0, -1);
  const unknown = modifiers.find((part) => !MODIFIERS.has(part.toLowerCase()));
  if (unknown) return 'Only CommandOrControl, Control, Alt, Shift or Super can come before the key.';
  if (MODIFIERS.has(key.toLowerCase())) return 'End with a key, not a modifier (for example K).';
  if (!/^([A-Za-z0-9]|F([1-9]|1[0-9]|2[0-4])|[`\-=[\];',./\\])$/.test(key) && !NAMED_KEYS.has(key.toLowerCase())) {
    return 'The last key is not one Statusdesk can listen for: a letter, a digit, F1 to F24 or a named key such as Space.';
  }
  // A single key or Shift+key system-wide would take that key from every other app; F13 to F24, which no app
  // means anything by, may stand alone.
  if (!modifiers.some((part) => part.toLowerCase() !== 'shift') && !/^F(1[3-9]|2[0-4])$/.test(key))
    return `Add Control, Command or Alt: ${/^[A-Za-z]$/.test(key) ? 'a letter' : 'a key'} alone would be taken from every app.`;
  const combination = [...new Set(modifiers.map(modifierOf))].sort().concat(key.toLowerCase()).join('+');
  if (RESERVED.has(combination)) return 'Those keys already mean something everywhere (copy, paste, switching apps…): pick others.';
  return null;
}

export const globalShortcutPrefsSchema = z.object({
  enabled: z.boolean(),
  accelerator: z
    .string()
    .max(60)
    .superRefine((value, context) => {
      const problem = acceleratorProblem(value);
      if (problem !== null) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type GlobalShortcutPrefs = z.infer<typeof globalShortcutPrefsSchema>;

export const DEFAULT_GLOBAL_SHORTCUT: GlobalShortcutPrefs = { enabled: false, accelerator: DEFAULT_GLOBAL_ACCELERATOR };

export const globalShortcutStateSchema = globalShortcutPrefsSchema.extend({
  /** The OS gave us the keys (false when off, or when another app holds them). */
  registered: z.boolean(),
  /** Why it is on but not working, in plain words. */
  problem: z.string().nullable(),
});
export type GlobalShortcutState = z.infer<typeof globalShortcutStateSchema>;

/** The accelerator to hold with the OS for these prefs: none while off. */
export function globalShortcutPlan(prefs: GlobalShortcutPrefs): string | null {
  return prefs.enabled && acceleratorProblem(prefs.accelerator) === null ? prefs.accelerator : null;
}
