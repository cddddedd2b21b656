import fs from 'node:fs';
import path from 'node:path';
import { serializeToYaml } from 'builder-util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAppUpdateFile } from '../../../electron/core/updates/app-update-file';
import { isDeveloperIdSignature, macAppBundleOf } from '../../../electron/core/updates/code-signature';
import { inspectInstalledBuild, type InstalledBuildProbe } from '../../../electron/core/updates/installed-build';
import { makeTempDir } from '../../support/temp-dir';

/*
 * How the app tells what kind of installed build it is: the files electron-builder writes into the resources
 * (app-update.yml, package-type), the AppImage runtime's environment, and the code signature of the running app.
 */

const FEED = { owner: 'statusdesk', repo: 'statusdesk', provider: 'github', releaseType: 'release', updaterCacheDirName: 'statusdesk-updater' };
const DN = 'CN=Statusdesk Ltd, O="Statusdesk, Inc.", C=DE';

describe('app-update.yml as electron-builder writes it', () => {
  it('reads the feed and the publisher names from the file builder-util serialises', () => {
    const text = serializeToYaml({ ...FEED, publisherName: ['Statusdesk', DN, "O'Brien Ltd", '#1', 'true'] });
    expect(parseAppUpdateFile(text)).toEqual({
      provider: 'github',
      owner: 'statusdesk',
      repo: 'statusdesk',
      publisherNames: ['Statusdesk', DN, "O'Brien Ltd", '#1', 'true'],
    });
  });

  it('a single publisher name, double quotes, comments, and a file without one', () => {
    expect(parseAppUpdateFile('provider: github\npublisherName: "Statusdesk \\"EU\\""\n# note\nowner: a # trailing\n').publisherNames).toEqual([
      'Statusdesk "EU"',
    ]);
    expect(parseAppUpdateFile('provider: github\nowner: a # trailing\n').owner).toBe('a');
    expect(parseAppUpdateFile(serializeToYaml(FEED))).toEqual({ provider: 'github', owner: 'statusdesk', repo: 'statusdesk', publisherNames: [] });
    expect(parseAppUpdateFile('')).toEqual({ provider: null, owner: null, repo: null, publisherNames: [] });
    // A shape it does not know names nothing rather than something wrong.
    expect(parseAppUpdateFile('publisherName: [a, b]\nowner: {x: 1}\n')).toEqual({ provider: null, owner: null, repo: null, publisherNames: [] });
  });
});

describe('the macOS signature', () => {
  it('finds the .app bundle of the running executable', () => {
    expect(macAppBundleOf('/Applications/Statusdesk.app/Contents/MacOS/Statusdesk')).toBe('/Applications/Statusdesk.app');
    expect(macAppBundleOf('/usr/local/bin/statusdesk')).toBeNull();
    expect(macAppBundleOf('/Applications/Statusdesk/Contents/MacOS/Statusdesk')).toBeNull();
  });

  const developerId = [
    'Executable=/Applications/Statusdesk.app/Contents/MacOS/Statusdesk',
    'Identifier=io.statusdesk.app',
    'Format=app bundle with Mach-O universal (x86_64 arm64)',
    'CodeDirectory v=20500 size=1000 flags=0x10000(runtime) hashes=20+7 location=embedded',
    'Signature size=9000',
    'Authority=Developer ID Application: Statusdesk Ltd (AB12CD34EF)',
    'Authority=Developer ID Certification Authority',
    'Authority=Apple Root CA',
    'Timestamp=24 Nov 2026 at 10:00:00',
    'TeamIdentifier=AB12CD34EF',
  ].join('\n');
  it.each([
    ['a Developer ID signature with a team', developerId, true],
    ['an ad-hoc signature (electron-builder without an identity)', 'Identifier=io.statusdesk.app\nSignature=adhoc\nTeamIdentifier=not set', false],
    ['a development certificate', developerId.replace('Developer ID Application', 'Apple Development'), false],
    ['no team', developerId.replace('TeamIdentifier=AB12CD34EF', 'TeamIdentifier=not set'), false],
    ['not signed at all', 'code object is not signed at all', false],
  ])('%s: %s', (_name, output, expected) => {
    expect(isDeveloperIdSignature(output)).toBe(expected);
  });
});

describe('inspectInstalledBuild', () => {
  let resources: ReturnType<typeof makeTempDir>;
  afterEach(() => resources?.remove());

  function probe(files: Record<string, string>, rest: Partial<InstalledBuildProbe> = {}): InstalledBuildProbe {
    resources = makeTempDir('statusdesk-resources-');
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(resources.dir, name), text);
    return { platform: 'linux', env: {}, resourcesPath: resources.dir, execPath: '/opt/Statusdesk/statusdesk', ...rest };
  }

  it('a .deb install: package-type says so (electron-builder writes it next to app-update.yml), with the releases page', async () => {
    const build = await inspectInstalledBuild(probe({ 'app-update.yml': serializeToYaml(FEED), 'package-type': 'deb' }));
    expect(build).toEqual({ platform: 'linux', linuxPackage: 'deb', signed: null, releasesUrl: 'https://github.com/statusdesk/statusdesk/releases' });
  });

  it('an AppImage: the runtime set APPIMAGE and APPDIR and this executable runs from APPDIR', async () => {
    const env = { APPIMAGE: '/home/u/Statusdesk-0.1.0-x86_64.AppImage', APPDIR: '/tmp/.mount_Status1' };
    expect(await inspectInstalledBuild(probe({ 'app-update.yml': serializeToYaml(FEED) }, { env, execPath: '/tmp/.mount_Status1/statusdesk' }))).toMatchObject({
      linuxPackage: 'appimage',
    });
  });

  it('an unpacked copy: no feed, no package type', async () => {
    expect(await inspectInstalledBuild(probe({}))).toEqual({ platform: 'linux', linuxPackage: 'other', signed: null, releasesUrl: null });
  });

  it('a feed that is not GitHub names no releases page', async () => {
    const text = serializeToYaml({ provider: 'generic', url: 'https://updates.example.com' });
    expect((await inspectInstalledBuild(probe({ 'app-update.yml': text, 'package-type': 'rpm' }))).releasesUrl).toBeNull();
  });

  it('Windows: signed only when app-update.yml names a publisher and this executable verifies against it', async () => {
    const asked: Array<[string[], string]> = [];
    const verify = async (names: string[], file: string) => {
      asked.push([names, file]);
      return names.includes(DN) ? null : 'publisherNames: other';
    };
    const execPath = 'C:\\Program Files\\Statusdesk\\Statusdesk.exe';
    const win = { platform: 'win32' as const, execPath, verifyWindowsSignature: verify };
    const signed = await inspectInstalledBuild(probe({ 'app-update.yml': serializeToYaml({ ...FEED, publisherName: [DN] }) }, win));
    expect(signed).toEqual({ platform: 'win32', linuxPackage: null, signed: true, releasesUrl: 'https://github.com/statusdesk/statusdesk/releases' });
    expect(asked).toEqual([[[DN], execPath]]);
    resources.remove();
    expect((await inspectInstalledBuild(probe({ 'app-update.yml': serializeToYaml({ ...FEED, publisherName: ['Someone Else'] }) }, win))).signed).toBe(false);
    resources.remove();
    // No publisherName: electron-updater would install any installer the feed serves, so the build counts as unsigned.
    expect((await inspectInstalledBuild(probe({ 'app-update.yml': serializeToYaml(FEED) }, win))).signed).toBe(false);
    resources.remove();
    const failing = { ...win, verifyWindowsSignature: () => Promise.reject(new Error('powershell missing')) };
    expect((await inspectInstalledBuild(probe({ 'app-update.yml': serializeToYaml({ ...FEED, publisherName: [DN] }) }, failing))).signed).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('macOS: signed only when codesign verifies the bundle and shows a Developer ID with a team', async () => {
    const calls: string[][] = [];
    const codesign =
      (verify: number, display: string) =>
      async (args: string[]): Promise<{ code: number; stderr: string }> => {
        calls.push(args);
        return args[0] === '--verify' ? { code: verify, stderr: '' } : { code: 0, stderr: display };
      };
    const mac = { platform: 'darwin' as const, execPath: '/Applications/Statusdesk.app/Contents/MacOS/Statusdesk' };
    const good = 'Authority=Developer ID Application: Statusdesk Ltd (AB12CD34EF)\nTeamIdentifier=AB12CD34EF\n';
    expect((await inspectInstalledBuild(probe({}, { ...mac, codesign: codesign(0, good) }))).signed).toBe(true);
    expect(calls).toEqual([
      ['--verify', '--deep', '--strict', '/Applications/Statusdesk.app'],
      ['-dv', '--verbose=2', '/Applications/Statusdesk.app'],
    ]);
    resources.remove();
    expect((await inspectInstalledBuild(probe({}, { ...mac, codesign: codesign(1, good) }))).signed).toBe(false);
    resources.remove();
    expect((await inspectInstalledBuild(probe({}, { ...mac, codesign: codesign(0, 'Signature=adhoc\n') }))).signed).toBe(false);
    resources.remove();
    expect((await inspectInstalledBuild(probe({}, { ...mac, execPath: '/usr/local/bin/statusdesk', codesign: codesign(0, good) }))).signed).toBe(false);
  });
});
