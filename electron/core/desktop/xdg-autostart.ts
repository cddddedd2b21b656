import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@shared/errors';
import { APP_NAME } from './app-identity';

const AUTOSTART_FILE_NAME = 'statusdesk.desktop';

/** $XDG_CONFIG_HOME/autostart, or ~/.config/autostart when the variable is unset or not absolute (the spec). */
export function autostartDir(env: NodeJS.ProcessEnv, home: string): string {
  const configHome = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(configHome, 'autostart');
}

// Characters that make an Exec argument need quotes (Desktop Entry Specification, "The Exec key").
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/**
 * One Exec argument: quoted when it holds a reserved character, with ", `, $ and \ escaped inside the quotes,
 * then every backslash doubled again because Exec is itself an escaped string; % doubled (field codes).
 */
export function execArgument(argument: string): string {
  if (argument === '' || /[\n\r]/.test(argument))
    throw new AppError('invalid_input', 'A start-at-login command cannot hold an empty argument or a line break.');
  const quoted = RESERVED.test(argument) ? `"${argument.replace(/(["`$\\])/g, '\\$1')}"` : argument;
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
}

/** The entry's Exec line for a command. */
export function execLine(command: readonly string[]): string {
  return `Exec=${command.map(execArgument).join(' ')}`;
}

/** The autostart entry that starts the app at login. */
export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${APP_NAME}`,
    'Comment=Status monitor and incident console for hosted status pages',
    execLine(command),
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** Where this app's autostart entry lives. */
export function autostartFile(env: NodeJS.ProcessEnv, home: string): string {
  return path.join(autostartDir(env, home), AUTOSTART_FILE_NAME);
}

/** Written beside and renamed over: a crash never leaves a half entry for the desktop to run. */
export function writeAutostartFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o644 });
  renameSync(temporary, file);
}

/** The words of a failed change to the entry, as the AppError the window shows. */
export function autostartFailure(error: unknown, file: string, doing: string): AppError {
  if (error instanceof AppError) return error;
  const reason = error instanceof Error && 'code' in error ? `${String((error as NodeJS.ErrnoException).code)} on ${path.dirname(file)}` : String(error);
  return new AppError('storage', `Statusdesk could not ${doing}: ${reason}.`);
}

/**
 * Turns start at login on (writes the entry, replacing any older one whole) or off (removes it). Linux
 * desktops read ~/.config/autostart at login; Electron's setLoginItemSettings does nothing there.
 */
export function setXdgAutostart(enabled: boolean, options: { env: NodeJS.ProcessEnv; home: string; command: readonly string[] }): void {
  const file = autostartFile(options.env, options.home);
  try {
    if (enabled) writeAutostartFile(file, autostartEntry(options.command));
    else rmSync(file, { force: true });
  } catch (error) {
    throw autostartFailure(error, file, `turn start at login ${enabled ? 'on' : 'off'}`);
  }
}
