import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/*
 * .github/workflows/ci.yml, the hosted CI: it must parse, run npm test on Linux, and on Linux, macOS and
 * Windows run the Electron smoke suite (under xvfb-run on Linux), package the app unpacked with
 * electron-builder --dir and run the smoke suite against that packaged app.
 */

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  strategy?: { matrix?: { os?: string[] } };
  steps: Step[];
}
const workflow = load(fs.readFileSync(path.join(repoRoot, '.github/workflows/ci.yml'), 'utf8')) as { on: unknown; jobs: Record<string, Job> };
const runs = (job: Job) => job.steps.map((s) => s.run ?? '').filter(Boolean);

describe('the hosted CI workflow', () => {
  it('parses and runs on pushes and pull requests', () => {
    expect(workflow.on).toMatchObject({ push: expect.anything(), pull_request: null });
    expect(Object.keys(workflow.jobs).sort()).toEqual(['electron', 'test']);
  });

  it('runs npm test on Linux after npm ci, with the Debian packages the tests need', () => {
    const job = workflow.jobs.test!;
    expect(job['runs-on']).toMatch(/^ubuntu/);
    const commands = runs(job);
    expect(commands.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(commands.indexOf('npm test')).toBeGreaterThan(commands.indexOf('npm ci'));
    expect(commands.join('\n')).toMatch(/apt-get install .*chromium.*dbus.*gnome-keyring/);
  });

  it('on Linux, macOS and Windows: the smoke suite, electron-builder --dir, and the smoke suite on the packaged app', () => {
    const job = workflow.jobs.electron!;
    const systems = job.strategy?.matrix?.os ?? [];
    expect(systems.some((os) => os.startsWith('ubuntu'))).toBe(true);
    expect(systems.some((os) => os.startsWith('macos'))).toBe(true);
    expect(systems.some((os) => os.startsWith('windows'))).toBe(true);
    const commands = runs(job);
    expect(commands).toContain('xvfb-run -a npm run test:electron');
    expect(commands).toContain('npm run test:electron');
    expect(commands.some((c) => /electron-builder --dir\b/.test(c))).toBe(true);
    const packaged = job.steps.filter((s) => s.env?.STATUSDESK_APP_EXECUTABLE);
    expect(packaged.map((s) => s.if).sort()).toEqual(["runner.os == 'Linux'", "runner.os == 'Windows'", "runner.os == 'macOS'"]);
    for (const step of packaged) expect(step.env!.STATUSDESK_APP_EXECUTABLE).toMatch(/^dist\//);
    // Packaged after the first smoke run, smoke-tested after packaging.
    const builder = job.steps.findIndex((s) => /electron-builder --dir/.test(s.run ?? ''));
    expect(job.steps.findIndex((s) => s.env?.STATUSDESK_APP_EXECUTABLE)).toBeGreaterThan(builder);
  });

  it("the Electron job runs on the Node Electron's package needs and fetches the binary before the smoke suite", () => {
    const job = workflow.jobs.electron!;
    const setup = job.steps.find((s) => s.uses?.startsWith('actions/setup-node'));
    expect(Number(setup?.with?.['node-version'])).toBeGreaterThanOrEqual(22);
    const electronEngine = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/electron/package.json'), 'utf8')) as { engines?: { node?: string } };
    const needs = Number(/(\d+)/.exec(electronEngine.engines?.node ?? '0')![1]);
    expect(Number(setup?.with?.['node-version'])).toBeGreaterThanOrEqual(needs);
    const commands = runs(job);
    const fetch = commands.indexOf('node node_modules/electron/install.js');
    expect(fetch).toBeGreaterThan(commands.indexOf('npm ci'));
    expect(fetch).toBeLessThan(commands.findIndex((c) => c.includes('npm run test:electron')));
    // The test job keeps the app's own minimum, Node 20 (package.json engines).
    const testSetup = workflow.jobs.test!.steps.find((s) => s.uses?.startsWith('actions/setup-node'));
    expect(testSetup?.with?.['node-version']).toBe(20);
  });

  it('the smoke suite launches a packaged app when told where it is', () => {
    const smoke = fs.readFileSync(path.join(repoRoot, 'test/electron/smoke.electron.ts'), 'utf8');
    expect(smoke).toContain('process.env.STATUSDESK_APP_EXECUTABLE');
  });
});

describe('Dependabot', () => {
  interface Update {
    'package-ecosystem': string;
    directory: string;
    schedule: { interval: string };
    groups?: Record<string, { patterns?: string[] }>;
  }
  const config = load(fs.readFileSync(path.join(repoRoot, '.github/dependabot.yml'), 'utf8')) as { version: number; updates: Update[] };

  it('proposes npm and GitHub Actions updates every week', () => {
    expect(config.version).toBe(2);
    const ecosystems = config.updates.map((u) => u['package-ecosystem']).sort();
    expect(ecosystems).toEqual(['github-actions', 'npm']);
    for (const update of config.updates) {
      expect(update.directory).toBe('/');
      expect(update.schedule.interval).toBe('weekly');
    }
  });

  it('moves Electron, electron-builder, electron-updater and electron-vite together, and each is a dependency here', () => {
    const npm = config.updates.find((u) => u['package-ecosystem'] === 'npm')!;
    const group = Object.values(npm.groups ?? {}).find((g) => g.patterns?.includes('electron'));
    expect(group?.patterns?.slice().sort()).toEqual(['electron', 'electron-builder', 'electron-updater', 'electron-vite']);
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const name of group!.patterns!) expect(pkg.dependencies[name] ?? pkg.devDependencies[name], name).toBeDefined();
  });

  it('Electron is on a supported major (45 or later)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(Number(/\d+/.exec(pkg.devDependencies.electron!)![0])).toBeGreaterThanOrEqual(45);
    const installed = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/electron/package.json'), 'utf8')) as { version: string };
    expect(Number(installed.version.split('.')[0])).toBeGreaterThanOrEqual(45);
  });
});
