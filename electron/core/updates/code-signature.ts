import path from 'node:path';

/*
 * Whether the running macOS app is signed the way Squirrel.Mac needs to accept an update: a Developer ID
 * Application signature with a team, not an ad-hoc one (Electron's binaries for Apple silicon carry one even when
 * electron-builder found no identity), and one that `codesign --verify --strict` accepts.
 */

/** The .app bundle of a macOS executable (`…/Statusdesk.app/Contents/MacOS/Statusdesk`), or null when it is not in one. */
export function macAppBundleOf(execPath: string): string | null {
  const macos = path.posix.dirname(execPath);
  const contents = path.posix.dirname(macos);
  const bundle = path.posix.dirname(contents);
  if (path.posix.basename(macos) !== 'MacOS' || path.posix.basename(contents) !== 'Contents' || !bundle.endsWith('.app')) return null;
  return bundle;
}

/** Whether `codesign -dv --verbose=2 <bundle>` (its stderr) describes a Developer ID signature with a team. */
export function isDeveloperIdSignature(codesignDisplay: string): boolean {
  const lines = codesignDisplay.split(/\r?\n/).map((line) => line.trim());
  if (lines.some((line) => /^Signature=adhoc$/i.test(line))) return false;
  const developerId = lines.some((line) => /^Authority=Developer ID Application: .+/.test(line));
  const team = lines.some((line) => /^TeamIdentifier=[A-Z0-9]{10}$/.test(line));
  return developerId && team;
}
