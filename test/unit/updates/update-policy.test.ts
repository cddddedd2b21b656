import { describe, expect, it } from 'vitest';
import { DEFAULT_UPDATE_PREFS, updateStatusSchema, type UpdateState } from '../../../shared/updates/update-state';
import {
  CHECK_EVERY_MS,
  canCheck,
  deliveryFor,
  describeUpdate,
  linuxPackageOf,
  releasePageUrl,
  releasesPageUrl,
  shouldCheckAutomatically,
  updatesOff,
  type InstalledBuild,
  type UpdateDelivery,
} from '../../../electron/core/updates/update-policy';

const HOUR = 3_600_000;

describe('the updater decisions', () => {
  it.each([
    [
      { packaged: false, demo: false },
      { phase: 'off', reason: 'development' },
    ],
    [
      { packaged: false, demo: true },
      { phase: 'off', reason: 'development' },
    ],
    [
      { packaged: true, demo: true },
      { phase: 'off', reason: 'demo' },
    ],
    [{ packaged: true, demo: false }, null],
  ])('updates for %o: %o', (build, expected) => {
    expect(updatesOff(build)).toEqual(expected);
  });

  // How each installed copy takes a new version. Only the AppImage and signed Windows/macOS builds install one;
  // a system package is never installed by the app (no pkexec/sudo on quit); an unsigned build does not update.
  const builds: Array<[string, Omit<InstalledBuild, 'releasesUrl'>, UpdateDelivery]> = [
    ['Linux .deb', { platform: 'linux', linuxPackage: 'deb', signed: null }, { kind: 'notify', systemPackage: 'deb' }],
    ['Linux .rpm', { platform: 'linux', linuxPackage: 'rpm', signed: null }, { kind: 'notify', systemPackage: 'rpm' }],
    ['Linux pacman', { platform: 'linux', linuxPackage: 'pacman', signed: null }, { kind: 'notify', systemPackage: 'pacman' }],
    // An AppImage is checked against nothing but the feed's own sha512: told, never installed.
    ['Linux AppImage', { platform: 'linux', linuxPackage: 'appimage', signed: null }, { kind: 'notify', systemPackage: null }],
    ['Linux unpacked or tarball', { platform: 'linux', linuxPackage: 'other', signed: null }, { kind: 'notify', systemPackage: null }],
    ['Linux, package not looked at', { platform: 'linux', linuxPackage: null, signed: null }, { kind: 'notify', systemPackage: null }],
    ['Linux .deb, even "signed"', { platform: 'linux', linuxPackage: 'deb', signed: true }, { kind: 'notify', systemPackage: 'deb' }],
    ['Windows signed by the publisher', { platform: 'win32', linuxPackage: null, signed: true }, { kind: 'install' }],
    ['Windows unsigned or another publisher', { platform: 'win32', linuxPackage: null, signed: false }, { kind: 'off', reason: 'unsigned' }],
    ['Windows, signature not known', { platform: 'win32', linuxPackage: null, signed: null }, { kind: 'off', reason: 'unsigned' }],
    ['macOS Developer ID', { platform: 'darwin', linuxPackage: null, signed: true }, { kind: 'install' }],
    ['macOS unsigned or ad hoc', { platform: 'darwin', linuxPackage: null, signed: false }, { kind: 'off', reason: 'unsigned' }],
    ['macOS, signature not known', { platform: 'darwin', linuxPackage: null, signed: null }, { kind: 'off', reason: 'unsigned' }],
    ['FreeBSD', { platform: 'freebsd', linuxPackage: null, signed: null }, { kind: 'notify', systemPackage: null }],
  ];
  it.each(builds)('%s: %o → %o', (_name, build, expected) => {
    expect(deliveryFor({ ...build, releasesUrl: null })).toEqual(expected);
  });

  // electron-updater's own order: the package-type file electron-builder writes picks the updater first.
  const appDir = '/tmp/.mount_StatusXYZ';
  const linux: Array<[string, Parameters<typeof linuxPackageOf>[0], ReturnType<typeof linuxPackageOf>]> = [
    ['deb package-type', { packageType: 'deb\n', appImage: undefined, appDir: undefined, execPath: '/opt/Statusdesk/statusdesk' }, 'deb'],
    ['rpm package-type', { packageType: 'rpm', appImage: undefined, appDir: undefined, execPath: '/opt/Statusdesk/statusdesk' }, 'rpm'],
    ['pacman package-type', { packageType: 'pacman', appImage: undefined, appDir: undefined, execPath: '/opt/Statusdesk/statusdesk' }, 'pacman'],
    [
      'deb, run from a terminal that is itself an AppImage',
      { packageType: 'deb', appImage: '/home/u/Apps/Terminal.AppImage', appDir, execPath: '/opt/Statusdesk/statusdesk' },
      'deb',
    ],
    ['AppImage', { packageType: null, appImage: '/home/u/Apps/Statusdesk.AppImage', appDir, execPath: `${appDir}/statusdesk` }, 'appimage'],
    [
      'APPIMAGE inherited from another AppImage',
      { packageType: null, appImage: '/home/u/Apps/Terminal.AppImage', appDir, execPath: '/home/u/statusdesk-linux/statusdesk' },
      'other',
    ],
    ['APPIMAGE without APPDIR', { packageType: null, appImage: '/home/u/Statusdesk.AppImage', appDir: undefined, execPath: `${appDir}/statusdesk` }, 'other'],
    ['relative APPIMAGE', { packageType: null, appImage: 'Statusdesk.AppImage', appDir, execPath: `${appDir}/statusdesk` }, 'other'],
    ['APPDIR that is a prefix only', { packageType: null, appImage: '/home/u/S.AppImage', appDir, execPath: `${appDir}-other/statusdesk` }, 'other'],
    ['unpacked folder', { packageType: null, appImage: undefined, appDir: undefined, execPath: '/home/u/linux-unpacked/statusdesk' }, 'other'],
    ['unknown package-type', { packageType: 'snap', appImage: undefined, appDir: undefined, execPath: '/snap/statusdesk/1/statusdesk' }, 'other'],
  ];
  it.each(linux)('Linux package of %s', (_name, input, expected) => {
    expect(linuxPackageOf(input)).toBe(expected);
  });

  it('links to the feed: the GitHub releases page and one release by its tag, never anything else', () => {
    expect(releasesPageUrl({ owner: 'statusdesk', repo: 'statusdesk' })).toBe('https://github.com/statusdesk/statusdesk/releases');
    expect(releasesPageUrl({ owner: 'evil.com/x', repo: 'y' })).toBeNull();
    expect(releasesPageUrl({ owner: 'a', repo: '..' })).toBeNull();
    expect(releasesPageUrl({ owner: 'a', repo: 'b/../../c' })).toBeNull();
    const releases = 'https://github.com/statusdesk/statusdesk/releases';
    expect(releasePageUrl(releases, 'v0.2.0')).toBe(`${releases}/tag/v0.2.0`);
    expect(releasePageUrl(releases, '../../../x?y#z')).toBe(`${releases}/tag/..%2F..%2F..%2Fx%3Fy%23z`);
    expect(releasePageUrl(null, 'v0.2.0')).toBeNull();
    expect(releasePageUrl(releases, '')).toBeNull();
  });

  const states: Array<[UpdateState, boolean]> = [
    [{ phase: 'idle' }, true],
    [{ phase: 'up-to-date', checkedAt: '2026-11-24T10:00:00Z' }, true],
    [{ phase: 'error', message: 'offline' }, true],
    [{ phase: 'available', version: '0.2.0', releaseUrl: null }, true],
    [{ phase: 'checking' }, false],
    [{ phase: 'downloading', version: '0.2.0', percent: 40 }, false],
    [{ phase: 'downloaded', version: '0.2.0' }, false],
    [{ phase: 'off', reason: 'demo' }, false],
    [{ phase: 'off', reason: 'unsigned' }, false],
  ];
  it.each(states)('a check may start in %o: %s', (state, expected) => {
    expect(canCheck(state)).toBe(expected);
  });

  it('checks automatically when wanted, when nothing is under way, and not more often than every 6 hours', () => {
    const now = 100 * HOUR;
    const idle: UpdateState = { phase: 'idle' };
    expect(CHECK_EVERY_MS).toBe(6 * HOUR);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: idle, lastCheckAt: null, now })).toBe(true);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: idle, lastCheckAt: now - 5 * HOUR, now })).toBe(false);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: idle, lastCheckAt: now - 6 * HOUR, now })).toBe(true);
    expect(shouldCheckAutomatically({ prefs: { ...DEFAULT_UPDATE_PREFS, checkAutomatically: false }, state: idle, lastCheckAt: null, now })).toBe(false);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: { phase: 'downloaded', version: '1' }, lastCheckAt: null, now })).toBe(false);
    expect(shouldCheckAutomatically({ prefs: DEFAULT_UPDATE_PREFS, state: { phase: 'off', reason: 'unsigned' }, lastCheckAt: null, now })).toBe(false);
  });

  it('tells the user what happened, in words', () => {
    const prefs = DEFAULT_UPDATE_PREFS;
    expect(describeUpdate({ phase: 'off', reason: 'development' }, '0.1.0', prefs)).toBe('Version 0.1.0, a development build: it does not update itself.');
    expect(describeUpdate({ phase: 'off', reason: 'demo' }, '0.1.0', prefs)).toBe('Version 0.1.0 in demo mode: updates are off.');
    expect(describeUpdate({ phase: 'off', reason: 'unsigned' }, '0.1.0', prefs)).toBe(
      'Version 0.1.0 is not code-signed, so it does not update itself: a downloaded update could not be checked to come from the Statusdesk publisher. Get new versions from the releases page.',
    );
    expect(describeUpdate({ phase: 'downloading', version: '0.2.0', percent: 41.7 }, '0.1.0', prefs)).toBe('Downloading version 0.2.0: 41 %.');
    expect(describeUpdate({ phase: 'downloaded', version: '0.2.0' }, '0.1.0', prefs)).toBe(
      'Version 0.2.0 is ready and will be installed when you quit Statusdesk.',
    );
    expect(describeUpdate({ phase: 'downloaded', version: '0.2.0' }, '0.1.0', { ...prefs, installOnQuit: false })).toMatch(/turn on "Install when quitting"/);
    expect(describeUpdate({ phase: 'error', message: 'net::ERR_INTERNET_DISCONNECTED' }, '0.1.0', prefs)).toBe(
      'The update check failed: net::ERR_INTERNET_DISCONNECTED',
    );
  });

  it('a copy that is only told says so, and how the user installs what is out', () => {
    const prefs = DEFAULT_UPDATE_PREFS;
    const deb: UpdateDelivery = { kind: 'notify', systemPackage: 'deb' };
    const loose: UpdateDelivery = { kind: 'notify', systemPackage: null };
    expect(describeUpdate({ phase: 'idle' }, '0.1.0', prefs, { kind: 'install' })).toBe(
      'Version 0.1.0. New versions are looked for at start and every 6 hours.',
    );
    expect(describeUpdate({ phase: 'idle' }, '0.1.0', { ...prefs, checkAutomatically: false }, deb)).toBe(
      'Version 0.1.0, installed from a .deb package: Statusdesk tells you when a new version is out, and your package manager installs it. Automatic checks are off.',
    );
    expect(describeUpdate({ phase: 'idle' }, '0.1.0', prefs, { kind: 'notify', systemPackage: 'rpm' })).toMatch(/installed from an \.rpm package/);
    expect(describeUpdate({ phase: 'idle' }, '0.1.0', prefs, loose)).toBe(
      'Version 0.1.0, a copy that does not update itself: Statusdesk tells you when a new version is out. New versions are looked for at start and every 6 hours.',
    );
    const available: UpdateState = { phase: 'available', version: '0.2.0', releaseUrl: 'https://github.com/statusdesk/statusdesk/releases/tag/v0.2.0' };
    expect(describeUpdate(available, '0.1.0', prefs, deb)).toBe(
      'Version 0.2.0 is out: download it from its release page; install it with your package manager (Statusdesk was installed from a .deb package and never installs one itself).',
    );
    expect(describeUpdate(available, '0.1.0', prefs, loose)).toBe('Version 0.2.0 is out: download it from its release page; this copy does not update itself.');
  });

  it('the status the window receives accepts only https release links', () => {
    const status = {
      currentVersion: '0.1.0',
      state: { phase: 'available', version: '0.2.0', releaseUrl: 'https://github.com/statusdesk/statusdesk/releases/tag/v0.2.0' },
      prefs: DEFAULT_UPDATE_PREFS,
      delivery: 'notify',
      releasesUrl: 'https://github.com/statusdesk/statusdesk/releases',
      message: '…',
      canCheck: true,
    };
    expect(updateStatusSchema.safeParse(status).success).toBe(true);
    for (const url of ['http://github.com/x', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url'])
      expect(updateStatusSchema.safeParse({ ...status, state: { ...status.state, releaseUrl: url } }).success, url).toBe(false);
    expect(updateStatusSchema.safeParse({ ...status, releasesUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
