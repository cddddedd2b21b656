import path from 'node:path';
import { readIfPresent } from '@core/storage/read-if-present';
import { parseAppUpdateFile } from './app-update-file';
import { isDeveloperIdSignature, macAppBundleOf } from './code-signature';
import { linuxPackageOf, releasesPageUrl, type InstalledBuild } from './update-policy';

/** What `inspectInstalledBuild` looks at; the Electron adapter passes the real process, the tests their own. */
export interface InstalledBuildProbe {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** `process.resourcesPath` of the packaged app: app-update.yml and package-type are there. */
  resourcesPath: string;
  execPath: string;
  /**
   * Windows: electron-updater's own check (`NsisUpdater.verifyUpdateCodeSignature`): null when `file` is signed by one
   * of `publisherNames`, else why not.
   */
  verifyWindowsSignature?: (publisherNames: string[], file: string) => Promise<string | null>;
  /** macOS: runs `codesign` with these arguments; resolves with its exit code and stderr (codesign writes there). */
  codesign?: (args: string[]) => Promise<{ code: number; stderr: string }>;
}

/** A file electron-builder may have written into the resources; one that cannot be read counts as absent. */
async function readResource(file: string): Promise<string | null> {
  return (await readIfPresent(file).catch(() => null))?.toString('utf8') ?? null;
}

/**
 * Looks at the installed build once: how it was packaged, whether it is signed by its update publisher, and its
 * feed's releases page. Never throws: what cannot be read counts as not signed, or as a copy that is only told.
 */
export async function inspectInstalledBuild(probe: InstalledBuildProbe): Promise<InstalledBuild> {
  const feedText = await readResource(path.join(probe.resourcesPath, 'app-update.yml'));
  const feed = feedText === null ? null : parseAppUpdateFile(feedText);
  const releasesUrl = feed?.provider === 'github' && feed.owner && feed.repo ? releasesPageUrl({ owner: feed.owner, repo: feed.repo }) : null;
  const build: InstalledBuild = { platform: probe.platform, linuxPackage: null, signed: null, releasesUrl };
  if (probe.platform === 'linux') {
    const packageType = await readResource(path.join(probe.resourcesPath, 'package-type'));
    build.linuxPackage = linuxPackageOf({ packageType, appImage: probe.env.APPIMAGE, appDir: probe.env.APPDIR, execPath: probe.execPath });
  } else if (probe.platform === 'win32') {
    build.signed = await signedOnWindows(probe, feed?.publisherNames ?? []);
  } else if (probe.platform === 'darwin') {
    build.signed = await signedOnMac(probe);
  }
  return build;
}

/**
 * Signed by the publisher updates must come from: app-update.yml names it (electron-builder.yml's
 * `win.signtoolOptions.publisherName`, written when `verifyUpdateCodeSignature` is on) and this executable's own
 * signature matches it, by the same check electron-updater applies to a downloaded installer.
 */
async function signedOnWindows(probe: InstalledBuildProbe, publisherNames: string[]): Promise<boolean> {
  if (publisherNames.length === 0 || !probe.verifyWindowsSignature) return false;
  try {
    return (await probe.verifyWindowsSignature(publisherNames, probe.execPath)) === null;
  } catch {
    return false;
  }
}

async function signedOnMac(probe: InstalledBuildProbe): Promise<boolean> {
  const bundle = macAppBundleOf(probe.execPath);
  if (bundle === null || !probe.codesign) return false;
  try {
    const verified = await probe.codesign(['--verify', '--deep', '--strict', bundle]);
    if (verified.code !== 0) return false;
    const shown = await probe.codesign(['-dv', '--verbose=2', bundle]);
    return shown.code === 0 && isDeveloperIdSignature(shown.stderr);
  } catch {
    return false;
  }
}
