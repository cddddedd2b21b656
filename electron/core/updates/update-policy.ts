import path from 'node:path';
import type { UpdatePrefs, UpdateState, UpdatesOffReason } from '@shared/updates/update-state';

/*
 * The updater's decisions, pure: whether this build updates itself at all, how a new version reaches it, when to
 * look for one, and what to tell the user. The Electron adapter (electron/main/updater.ts) only carries them out.
 */

/** How often an automatic check runs while the app stays open. */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/** A development run or the demo never updates (nothing to update, and the demo must not touch the install). */
export function updatesOff(build: { packaged: boolean; demo: boolean }): Extract<UpdateState, { phase: 'off' }> | null {
  if (!build.packaged) return { phase: 'off', reason: 'development' };
  if (build.demo) return { phase: 'off', reason: 'demo' };
  return null;
}

/** The Linux packages whose install belongs to the system's package manager (electron-builder's `package-type`). */
const SYSTEM_PACKAGES = ['deb', 'rpm', 'pacman'] as const;
export type SystemPackage = (typeof SYSTEM_PACKAGES)[number];

/** How this Linux copy was installed: a system package, an AppImage, or anything else (an unpacked folder, a tarball). */
export type LinuxPackage = SystemPackage | 'appimage' | 'other';

/** What an installed build is, as far as updating goes (read by `inspectInstalledBuild`). */
export interface InstalledBuild {
  platform: NodeJS.Platform;
  /** Linux only (null elsewhere). */
  linuxPackage: LinuxPackage | null;
  /**
   * Windows and macOS: whether the running app carries a valid signature from the publisher its updates must be
   * signed by (Windows: a `publisherName` of app-update.yml; macOS: a Developer ID). Null where nothing is checked.
   */
  signed: boolean | null;
  /** The update feed's releases page (GitHub), when app-update.yml names one. */
  releasesUrl: string | null;
}

/** How a new version reaches this copy, or why it does not update itself. */
export type UpdateDelivery =
  { kind: 'install' } | { kind: 'notify'; systemPackage: SystemPackage | null } | { kind: 'off'; reason: Extract<UpdatesOffReason, 'unsigned'> };

/**
 * The one rule for what the app may do with a new version:
 * - a .deb, .rpm or pacman install is never updated by the app: electron-updater would install the package as root
 *   (pkexec or sudo) when the app quits. The user is told a version is out and given its release page;
 * - an AppImage is told, never updated: electron-updater checks a downloaded AppImage against nothing but the
 *   sha512 the same feed gave, so the feed alone would decide what runs (no signature, unlike Windows and macOS);
 * - Windows and macOS update themselves only when the running build is signed, so the downloaded installer is checked
 *   against the same publisher (NSIS: electron-updater's `verifyUpdateCodeSignature`; macOS: Squirrel.Mac). An
 *   unsigned build would accept any installer the feed serves, so its updates are off;
 * - any other copy (an unpacked folder, a tarball, another system) is only told.
 */
export function deliveryFor(build: InstalledBuild): UpdateDelivery {
  switch (build.platform) {
    case 'win32':
    case 'darwin':
      return build.signed === true ? { kind: 'install' } : { kind: 'off', reason: 'unsigned' };
    case 'linux':
      return { kind: 'notify', systemPackage: isSystemPackage(build.linuxPackage) ? build.linuxPackage : null };
    default:
      return { kind: 'notify', systemPackage: null };
  }
}

function isSystemPackage(value: unknown): value is SystemPackage {
  return (SYSTEM_PACKAGES as readonly unknown[]).includes(value);
}

/**
 * How this Linux copy was installed, the way electron-updater tells (its `main.ts`): electron-builder writes the
 * target's name into `resources/package-type` for deb, rpm and pacman, and electron-updater then installs that
 * package whatever else is true, so the file decides first. An AppImage is running when the AppImage runtime set
 * APPIMAGE (its file) and APPDIR (where it is mounted) and this executable lives under APPDIR: an APPIMAGE inherited
 * from another AppImage (a terminal started from one) must not make this copy replace that file.
 */
export function linuxPackageOf(input: {
  packageType: string | null;
  appImage: string | undefined;
  appDir: string | undefined;
  execPath: string;
}): LinuxPackage {
  const packageType = input.packageType?.trim() ?? null;
  if (isSystemPackage(packageType)) return packageType;
  if (input.appImage && input.appDir && path.isAbsolute(input.appImage) && isInside(input.execPath, input.appDir)) return 'appimage';
  return 'other';
}

function isInside(file: string, dir: string): boolean {
  if (!path.isAbsolute(file) || !path.isAbsolute(dir)) return false;
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

const GITHUB_OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GITHUB_REPO = /^[A-Za-z0-9._-]{1,100}$/;

/** The releases page of a GitHub feed (electron-builder.yml's `publish`), or null when owner or repo is not a GitHub name. */
export function releasesPageUrl(feed: { owner: string; repo: string }): string | null {
  if (!GITHUB_OWNER.test(feed.owner) || !GITHUB_REPO.test(feed.repo) || feed.repo === '.' || feed.repo === '..') return null;
  return `https://github.com/${feed.owner}/${feed.repo}/releases`;
}

/** The page of one release on the releases page, by its tag (electron-builder tags `v<version>`). */
export function releasePageUrl(releasesUrl: string | null, tag: string): string | null {
  if (releasesUrl === null || tag === '' || tag.length > 100) return null;
  return `${releasesUrl}/tag/${encodeURIComponent(tag)}`;
}

/** Whether a check may start now: not while one runs, a download goes on or a version waits for the quit. */
export function canCheck(state: UpdateState): boolean {
  return state.phase === 'idle' || state.phase === 'up-to-date' || state.phase === 'error' || state.phase === 'available';
}

/** An automatic check: when the user wants them, nothing else is under way, and the last one is old enough. */
export function shouldCheckAutomatically(input: { prefs: UpdatePrefs; state: UpdateState; lastCheckAt: number | null; now: number }): boolean {
  if (!input.prefs.checkAutomatically || !canCheck(input.state)) return false;
  return input.lastCheckAt === null || input.now - input.lastCheckAt >= CHECK_EVERY_MS;
}

const PACKAGE_NAMES: Record<SystemPackage, string> = { deb: 'a .deb package', rpm: 'an .rpm package', pacman: 'a pacman package' };

/** How the user gets a version this copy does not install itself. */
function byHand(delivery: Extract<UpdateDelivery, { kind: 'notify' }>): string {
  return delivery.systemPackage
    ? `install it with your package manager (Statusdesk was installed from ${PACKAGE_NAMES[delivery.systemPackage]} and never installs one itself)`
    : 'this copy does not update itself';
}

/** The sentence Settings shows. `delivery` is null until the build has been looked at. */
export function describeUpdate(state: UpdateState, currentVersion: string, prefs: UpdatePrefs, delivery: UpdateDelivery | null = null): string {
  const schedule = prefs.checkAutomatically ? 'New versions are looked for at start and every 6 hours.' : 'Automatic checks are off.';
  switch (state.phase) {
    case 'off':
      if (state.reason === 'unsigned')
        return `Version ${currentVersion} is not code-signed, so it does not update itself: a downloaded update could not be checked to come from the Statusdesk publisher. Get new versions from the releases page.`;
      return state.reason === 'development'
        ? `Version ${currentVersion}, a development build: it does not update itself.`
        : `Version ${currentVersion} in demo mode: updates are off.`;
    case 'idle':
      if (delivery?.kind === 'notify') {
        const how = delivery.systemPackage
          ? `installed from ${PACKAGE_NAMES[delivery.systemPackage]}: Statusdesk tells you when a new version is out, and your package manager installs it`
          : 'a copy that does not update itself: Statusdesk tells you when a new version is out';
        return `Version ${currentVersion}, ${how}. ${schedule}`;
      }
      return `Version ${currentVersion}. ${schedule}`;
    case 'checking':
      return 'Looking for a new version…';
    case 'up-to-date':
      return `Version ${currentVersion} is the newest (checked ${state.checkedAt}).`;
    case 'available': {
      const how = delivery?.kind === 'notify' ? byHand(delivery) : 'this copy does not update itself';
      return `Version ${state.version} is out: download it from its release page; ${how}.`;
    }
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
