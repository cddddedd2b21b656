import { readTextIfPresentSync } from '@core/storage/read-if-present';
import { autostartEntry, autostartFailure, autostartFile, execLine, writeAutostartFile } from './xdg-autostart';

type AutostartRepair = { action: 'keep' } | { action: 'write'; text: string };

const GROUP = '[Desktop Entry]';

/**
 * Whether the autostart entry still starts this app, and its text if not. An AppImage's file name carries its
 * version, so after an update the entry's Exec names a file that is gone: it is pointed at the new one. The
 * rest of an existing entry is kept as it is (a desktop's own "don't start this" switch there is the user's).
 * Start at login off means keep, never remove: an instance on another data folder (or the demo) has the
 * setting off while the user's own instance has it on, and one entry serves both.
 */
export function autostartRepair(options: { wanted: boolean; existing: string | null; command: readonly string[] }): AutostartRepair {
  if (!options.wanted) return { action: 'keep' };
  const exec = execLine(options.command);
  const lines = options.existing?.split('\n') ?? [];
  const start = lines.indexOf(GROUP);
  if (start < 0) return { action: 'write', text: autostartEntry(options.command) };
  // Exec of the entry's own group, not of a [Desktop Action …] group after it.
  const next = lines.findIndex((line, index) => index > start && line.startsWith('['));
  const end = next < 0 ? lines.length : next;
  const at = lines.findIndex((line, index) => index > start && index < end && line.startsWith('Exec='));
  if (at >= 0 && lines[at] === exec) return { action: 'keep' };
  if (at >= 0) lines[at] = exec;
  else lines.splice(start + 1, 0, exec);
  return { action: 'write', text: lines.join('\n') };
}

/** Reads this app's autostart entry and rewrites it when it no longer starts `command`. */
export function repairXdgAutostart(options: { wanted: boolean; env: NodeJS.ProcessEnv; home: string; command: readonly string[] }): AutostartRepair['action'] {
  const file = autostartFile(options.env, options.home);
  try {
    const repair = autostartRepair({ wanted: options.wanted, existing: options.wanted ? readTextIfPresentSync(file) : null, command: options.command });
    if (repair.action === 'write') writeAutostartFile(file, repair.text);
    return repair.action;
  } catch (error) {
    throw autostartFailure(error, file, 'point start at login at this copy of the app');
  }
}
