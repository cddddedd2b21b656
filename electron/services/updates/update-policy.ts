import type { UpdatePrefs, UpdateState } from '../../../shared/updates/update-state';

/*
 * The updater's decisions, pure: whether this build updates itself at all, when to look for a new version,
 * and what to tell the user. The Electron adapter (electron/main/updater.ts) only carries them out.
 */

/** How often an automatic check runs while the app stays open. */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/** A development run or the demo never updates (nothing to update, and the demo must not touch the install). */
export function updatesOff(build: { packaged: boolean; demo: boolean }): Extract<UpdateState, { phase: 'off' }> | null {
  if (!build.packaged) return { phase: 'off', reason: 'development' };
  if (build.demo) return { phase: 'off', reason: 'demo' };
  return null;
}

/** Whether a check may start now: not while one runs, a download goes on or a version waits for the quit. */
export function canCheck(state: UpdateState): boolean {
  return state.phase === 'idle' || state.phase === 'up-to-date' || state.phase === 'error';
}

/** An automatic check: when the user wants them, nothing else is under way, and the last one is old enough. */
export function shouldCheckAutomatically(input: { prefs: UpdatePrefs; state: UpdateState; lastCheckAt: number | null; now: number }): boolean {
  if (!input.prefs.checkAutomatically || !canCheck(input.state)) return false;
  return input.lastCheckAt === null || input.now - input.lastCheckAt >= CHECK_EVERY_MS;
}

/** The sentence Settings shows. */
export function describeUpdate(state: UpdateState, currentVersion: string, prefs: UpdatePrefs): string {
  switch (state.phase) {
    case 'off':
      return state.reason === 'development'
        ? `Version ${currentVersion}, a development build: it does not update itself.`
        : `Version ${currentVersion} in demo mode: updates are off.`;
    case 'idle':
      return prefs.checkAutomatically
        ? `Version ${currentVersion}. New versions are looked for at start and every 6 hours.`
        : `Version ${currentVersion}. Automatic checks are off.`;
    case 'checking':
      return 'Looking for a new version…';
    case 'up-to-date':
      return `Version ${currentVersion} is the newest (checked ${state.checkedAt}).`;
    case 'downloading':
      return `Downloading version ${state.version}: ${Math.floor(state.percent)} %.`;
    case 'downloaded':
      return prefs.installOnQuit
        ? `Version ${state.version} is ready and will be installed when you quit Statusdesk.`
        : `Version ${state.version} is ready; turn on "Install when quitting" or install it from the download page.`;
    case 'error':
      return `The update check failed: ${state.message}`;
  }
}
