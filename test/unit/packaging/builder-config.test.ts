import fs from 'node:fs';
import os from 'node:os';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { load } from 'js-yaml';
import { minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { trayIconFile } from '../../../electron/core/desktop/tray-menu';
import { TRAY_ICON_STATES } from '../../../shared/monitor/tray';
import { repoRoot } from '../../support/paths';

/*
 * electron-builder.yml, checked without building (`npm run dist` needs to download Electron, which these
 * machines cannot): electron-builder's own schema accepts it, the app id, product name and the four
 * targets are there, every file it names exists, the icons are PNGs of the right sizes, the five tray
 * icons ship in both densities, the app files cover the build output, and the native keyring module is
 * unpacked from the asar (a .node file cannot be loaded from inside it).
 */

type Target = string | { target: string };
interface FileSet {
  from: string;
  to: string;
  filter?: string[];
}
interface BuilderConfig {
  appId: string;
  productName: string;
  directories: { output: string; buildResources: string };
  files: string[];
  extraResources: FileSet[];
  asarUnpack: string[];
  linux: { target: Target[]; icon: string; category?: string; maintainer?: string; desktop?: { entry?: Record<string, string> } };
  deb?: { depends?: string[]; recommends?: string[] };
  electronFuses?: Record<string, boolean>;
  publish?: { provider: string; owner?: string; repo?: string; releaseType?: string };
  mac: { target: Target[]; icon: string; hardenedRuntime?: boolean; notarize?: boolean };
  win: { target: Target[]; icon: string; verifyUpdateCodeSignature?: boolean; signtoolOptions?: { publisherName?: string | string[] } };
}

const configFile = path.join(repoRoot, 'electron-builder.yml');
const config = load(fs.readFileSync(configFile, 'utf8')) as BuilderConfig;
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  description?: string;
  main: string;
  license?: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The pixels of a PNG written by scripts/generate-icons.ts (8-bit RGBA, one IDAT, filter 0 on every row). */
function decodeOwnPng(file: string): { side: number; rgb: number[]; alpha: number[] } {
  const bytes = fs.readFileSync(file);
  const side = bytes.readUInt32BE(16);
  const idat = bytes.indexOf('IDAT', 0, 'latin1');
  const raw = inflateSync(bytes.subarray(idat + 4, idat + 4 + bytes.readUInt32BE(idat - 4)));
  const rgb: number[] = [];
  const alpha: number[] = [];
  for (let y = 0; y < side; y++) {
    const row = y * (side * 4 + 1);
    expect(raw[row]).toBe(0);
    for (let x = 0; x < side; x++) {
      const p = row + 1 + x * 4;
      rgb.push(raw[p]!, raw[p + 1]!, raw[p + 2]!);
      alpha.push(raw[p + 3]!);
    }
  }
  return { side, rgb, alpha };
}

/** Width and height of a PNG, or null when the bytes are not a PNG. */
function pngSize(file: string): { width: number; height: number } | null {
  const bytes = fs.readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const targetsOf = (list: Target[]) => list.map((t) => (typeof t === 'string' ? t : t.target).toLowerCase());

/** Whether the include/exclude globs (electron-builder's `files` syntax) take `file`. */
function covered(globs: string[], file: string): boolean {
  let taken = false;
  for (const glob of globs) {
    if (glob.startsWith('!')) {
      if (minimatch(file, glob.slice(1), { dot: true })) taken = false;
    } else if (minimatch(file, glob, { dot: true })) taken = true;
  }
  return taken;
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration schema", async () => {
    await expect(validateConfiguration(config as never, new DebugLogger(false))).resolves.toBeUndefined();
    // The check bites: an unknown option is refused.
    await expect(validateConfiguration({ ...config, linux: { ...config.linux, noSuchOption: true } } as never, new DebugLogger(false))).rejects.toThrow(
      /configuration/,
    );
  });

  it('names the app: reverse-DNS app id, the product name the data folder uses', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9-]*){2,}$/);
    expect(config.appId).toBe('io.statusdesk.app');
    expect(config.productName).toBe('Statusdesk');
  });

  it('builds the targets: AppImage and deb, dmg (with the zip macOS updates are made of), NSIS', () => {
    expect(targetsOf(config.linux.target).sort()).toEqual(['appimage', 'deb']);
    // Squirrel.Mac updates from the zip: without it electron-builder writes no latest-mac.yml.
    expect(targetsOf(config.mac.target)).toEqual(['dmg', 'zip']);
    expect(targetsOf(config.win.target)).toEqual(['nsis']);
    // deb needs a maintainer, and the keychain library needs libsecret at run time.
    expect(config.linux.maintainer).toBeTruthy();
    expect(config.deb?.depends).toContain('libsecret-1-0');
  });

  it("keeps electron-builder's own deb dependencies (GTK, NSS, libnotify, xdg-utils, …) and recommendations, and adds libsecret, GBM and ALSA; a keyring daemon is only recommended", async () => {
    // What electron-builder depends on when `depends` is not set: setting it replaces these, so all must stay.
    const FpmTarget = ((await import('app-builder-lib/out/targets/FpmTarget')) as unknown as { default: { default?: unknown; prototype?: unknown } }).default;
    const fpm = (FpmTarget.prototype === undefined ? FpmTarget.default : FpmTarget) as { prototype: unknown };
    const defaults = (fpm.prototype as unknown as { getDefaultDepends(target: string): string[] }).getDefaultDepends.call({}, 'deb');
    expect(defaults.length).toBeGreaterThan(5);
    for (const dependency of [...defaults, 'libsecret-1-0']) expect(config.deb?.depends, dependency).toContain(dependency);
    // Chromium's GPU process needs GBM and its audio ALSA; Debian 13 and Ubuntu 24.04 renamed libasound2 (t64).
    expect(config.deb?.depends).toContain('libgbm1');
    expect(config.deb?.depends).toContain('libasound2t64 | libasound2');
    // A hard dependency on one keyring daemon would refuse KDE or KeePassXC users; the app works without any.
    expect((config.deb?.depends ?? []).join(' ')).not.toMatch(/gnome-keyring|kwallet|keepassxc/);
    // Setting recommends replaces electron-builder's default recommendation (the tray's appindicator): kept.
    const defaultRecommends = (fpm.prototype as unknown as { getDefaultRecommends(target: string): string[] }).getDefaultRecommends.call({}, 'deb');
    expect(defaultRecommends).toEqual(['libappindicator3-1']);
    expect(config.deb?.recommends).toEqual([...defaultRecommends, 'gnome-keyring | kwalletmanager | keepassxc']);
  });

  it('flips the Electron fuses of the security checklist', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('a Linux .desktop entry with the categories menus file it under', () => {
    const entry = config.linux.desktop?.entry ?? {};
    expect(entry.Name).toBe('Statusdesk');
    const categories = (entry.Categories ?? '').split(';').filter(Boolean);
    // Main category from the freedesktop registry first, additional ones after; the list ends with ';'.
    expect(categories).toEqual(['Network', 'Monitor', 'Utility']);
    expect(entry.Categories?.endsWith(';')).toBe(true);
    expect(entry.StartupWMClass).toBe(config.productName);
  });

  it('publishes to GitHub releases, where electron-updater looks for updates', () => {
    expect(config.publish).toMatchObject({ provider: 'github', owner: expect.any(String), repo: expect.any(String) });
  });

  it('Windows updates are installed only when signed by the publisher; macOS builds are hardened and notarized', () => {
    // electron-updater checks a downloaded installer against publisherName (written into app-update.yml only
    // while verifyUpdateCodeSignature is on); without a name it would install whatever the feed serves.
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    const names = [config.win.signtoolOptions?.publisherName ?? []].flat();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).toBe(true);
  });

  it('every file and folder it names exists', () => {
    const named = [config.directories.buildResources, config.linux.icon, config.mac.icon, config.win.icon, ...config.extraResources.map((set) => set.from)];
    for (const file of named) expect(fs.existsSync(path.join(repoRoot, file)), file).toBe(true);
  });

  it('the app icons are square PNGs, large enough for every platform (512 for macOS and Linux)', () => {
    for (const icon of new Set([config.linux.icon, config.mac.icon])) {
      const size = pngSize(path.join(repoRoot, icon));
      expect(size, `${icon} is a PNG`).not.toBeNull();
      expect(size!.width).toBe(size!.height);
      expect(size!.width).toBeGreaterThanOrEqual(512);
    }
    const iconsDir = path.join(repoRoot, 'resources/icons');
    for (const name of fs.readdirSync(iconsDir).filter((n) => /^icon-\d+\.png$/.test(n))) {
      const side = Number(/\d+/.exec(name)![0]);
      expect(pngSize(path.join(iconsDir, name)), name).toEqual({ width: side, height: side });
    }
  });

  it('Windows gets an .ico holding the app icon at 16 to 256 px, each image a PNG of its size', () => {
    expect(config.win.icon).toMatch(/\.ico$/);
    const ico = fs.readFileSync(path.join(repoRoot, config.win.icon));
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1); // an icon, not a cursor
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const side = ico[entry]! === 0 ? 256 : ico[entry]!;
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const image = ico.subarray(offset, offset + length);
      const png = path.join(os.tmpdir(), `statusdesk-ico-${process.pid}-${i}.png`);
      fs.writeFileSync(png, image);
      expect(pngSize(png), `image ${i}`).toEqual({ width: side, height: side });
      fs.rmSync(png);
      sizes.push(side);
    }
    expect(sizes).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  it('macOS gets menu-bar template images: the same five shapes in black with transparency, both densities', () => {
    for (const state of TRAY_ICON_STATES) {
      const file = trayIconFile(state, 'darwin');
      expect(file).toMatch(/Template\.png$/);
      for (const [name, side] of [
        [file, 16],
        [file.replace(/\.png$/, '@2x.png'), 32],
      ] as const) {
        const pixels = decodeOwnPng(path.join(repoRoot, 'resources/icons', name));
        expect(pixels.side, name).toBe(side);
        // Only black and its alpha: macOS tints template images for light and dark menu bars.
        expect(
          pixels.rgb.every((v) => v === 0),
          `${name} is black only`,
        ).toBe(true);
        expect(pixels.alpha.some((a) => a === 0) && pixels.alpha.some((a) => a === 255), `${name} has a shape`).toBe(true);
      }
    }
    // The shapes differ, as the coloured ones do: no two states share a template.
    const bytes = TRAY_ICON_STATES.map((s) => fs.readFileSync(path.join(repoRoot, 'resources/icons', trayIconFile(s, 'darwin'))).toString('base64'));
    expect(new Set(bytes).size).toBe(TRAY_ICON_STATES.length);
  });

  it('ships the five tray icons in both densities (16 px and @2x 32 px) as extra resources', () => {
    const set = config.extraResources.find((s) => s.to === 'icons');
    expect(set, 'an extraResources entry to icons/').toBeDefined();
    expect(TRAY_ICON_STATES).toHaveLength(5);
    for (const file of TRAY_ICON_STATES.flatMap((state) => [trayIconFile(state), trayIconFile(state, 'darwin')])) {
      for (const [name, side] of [
        [file, 16],
        [file.replace(/\.png$/, '@2x.png'), 32],
      ] as const) {
        const full = path.join(repoRoot, set!.from, name);
        expect(fs.existsSync(full), name).toBe(true);
        expect(pngSize(full), name).toEqual({ width: side, height: side });
        expect(
          set!.filter?.some((glob) => minimatch(name, glob)),
          `${name} passes the filter`,
        ).toBe(true);
      }
    }
  });

  it('packs the build output and package.json, without source maps', () => {
    expect(pkg.main.startsWith('out/')).toBe(true);
    for (const file of [pkg.main, 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-abc.js', 'package.json']) {
      expect(covered(config.files, file), file).toBe(true);
    }
    expect(covered(config.files, 'out/renderer/assets/index-abc.js.map')).toBe(false);
    expect(covered(config.files, 'electron/main/main.ts')).toBe(false);
  });

  it('unpacks the native keyring module (and its platform binary) from the asar', () => {
    const keyringDirs = fs.readdirSync(path.join(repoRoot, 'node_modules/@napi-rs')).filter((n) => n === 'keyring' || n.startsWith('keyring-'));
    const natives = keyringDirs.flatMap((dir) =>
      fs
        .readdirSync(path.join(repoRoot, 'node_modules/@napi-rs', dir))
        .filter((n) => n.endsWith('.node') || n === 'index.js')
        .map((n) => `node_modules/@napi-rs/${dir}/${n}`),
    );
    expect(
      natives.some((f) => f.endsWith('.node')),
      'a .node binary is installed',
    ).toBe(true);
    for (const file of natives)
      expect(
        config.asarUnpack.some((glob) => minimatch(file, glob, { dot: true })),
        file,
      ).toBe(true);
    expect(pkg.dependencies['@napi-rs/keyring']).toBeDefined();
  });

  it('package.json has what electron-builder needs, and `npm run dist` builds before packaging', () => {
    expect(pkg.name).toBeTruthy();
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(pkg.description).toBeTruthy();
    expect(pkg.license).toBeTruthy();
    // electron-builder refuses electron among the dependencies: it belongs to devDependencies.
    expect(pkg.dependencies.electron).toBeUndefined();
    expect(pkg.devDependencies.electron).toMatch(/\d/);
    expect(pkg.devDependencies['electron-builder']).toBeDefined();
    expect(pkg.scripts.dist).toMatch(/electron-vite build && electron-builder --config electron-builder\.yml/);
  });
});
