import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './scripts/import-aliases';
import { COMPUTES_MS, WAIT_MS, WAITS_MS } from './test/support/time-outs';

/*
 * The suites that store or delete the app's own keychain entries (the translation key, the Google refresh
 * token, account keys) under the app's service name, on the one test keyring: run one file at a time, after
 * the rest, so two files never race on the same entry. Every other integration suite keeps its secrets in
 * memory, in the environment, or under a keychain service name of its own.
 */
const KEYCHAIN_SUITES = [
  'test/integration/cli/accounts-cli.test.ts',
  'test/integration/cli/alerts-cli.test.ts',
  'test/integration/cli/cli.test.ts',
  'test/integration/cli/ids-and-lists.test.ts',
  'test/integration/cli/linked-incidents-cli.test.ts',
  'test/integration/cli/operations-cli.test.ts',
  'test/integration/cli/outbox-cli.test.ts',
  'test/integration/cli/translate-cli.test.ts',
  'test/integration/outbox/keychain.test.ts',
  'test/integration/outbox/lock.test.ts',
  'test/integration/security/secrets-stay-home.test.ts',
  'test/integration/translation/translator.test.ts',
];

/*
 * Most test files only import and call: they share their worker's modules (isolate: false), so each file no
 * longer imports zod, Vue and the services again (unit: 36 s → about 29 s on two cores; integration: 112 → 72 s
 * of CPU). A file that changes what other files would see gets modules of its own: it mocks a module, stubs a
 * global, the environment or the clock (the write-path simulation replaces the process's timers while it runs: a
 * timer or request left by another file would run on its virtual clock), sets process.env, or (unit) boots the main process over the fake
 * Electron or drives the window's stores.
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)|process\.env(\.\w+|\[[^\]]+\]) *=[^=]|globalThis\.\w+ *=[^=]|Object\.defineProperty\(process|simulation\/write-path-simulation'|support\/full-disk'/;

// A unit file that boots the main process, spawns a process or loads electron-builder waits WAITS_MS
// (test/support/time-outs.ts says why each time-out is what it is).
const WAITS_ON_PROCESSES = /node:child_process|\/support\/boot'|from 'app-builder-lib|from 'electron-builder/;

/** Every project: a wait without a time-out of its own (vi.waitFor, expect.poll) waits WAIT_MS, not vitest's 1 s. */
const waits = { setupFiles: ['test/support/patient-waits.ts'], expect: { poll: { timeout: WAIT_MS } } };

interface TestFiles {
  /** Only import and call: they share their worker's modules. */
  shared: string[];
  /** Change what other files would see: modules of their own. */
  own: string[];
}

/** The test files under `dir`, split into those that share modules and those that need their own. */
function splitByIsolation(files: string[], alwaysOwn: string[] = []): TestFiles {
  const own = files.filter((file) => alwaysOwn.some((prefix) => file.startsWith(prefix)) || CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')));
  return { shared: files.filter((file) => !own.includes(file)), own };
}

function testFilesUnder(dir: string, leaveOut: string[] = []): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split('\\').join('/')}`)
    .filter((file) => !leaveOut.includes(file));
}

const unitFiles = testFilesUnder('test/unit');
/** Unit files that boot the main process, spawn a process or load electron-builder: modules of their own, WAITS_MS each. */
const UNIT_WAITING = unitFiles.filter((file) => WAITS_ON_PROCESSES.test(readFileSync(file, 'utf8')));
const UNIT = splitByIsolation(
  unitFiles.filter((file) => !UNIT_WAITING.includes(file)),
  ['test/unit/main/', 'test/unit/renderer/'],
);
const INTEGRATION = splitByIsolation(testFilesUnder('test/integration', KEYCHAIN_SUITES));

// Real servers, child processes and timers on a 2-core machine: one retry, reported in the output.
const integrationDefaults = {
  ...waits,
  environment: 'node' as const,
  // The command-line suites run the real bin, which runs the bundle; the outbox crash tests spawn bundled
  // children: both built once per run, from these sources.
  globalSetup: ['test/support/build-cli-setup.ts', 'test/support/build-children-setup.ts'],
  retry: 1,
  testTimeout: WAITS_MS,
  hookTimeout: WAITS_MS,
};

/*
 * Unit tests are CPU-bound: a worker per core (vitest's default leaves one core idle, a third of the unit run on
 * two cores). Integration tests mostly wait, on servers, child processes, Retry-After and time-outs (their CPU
 * time is about half their wall time on two cores): two files per core.
 */
const CORES = Math.max(2, availableParallelism());
const unitDefaults = { ...waits, environment: 'node' as const, maxWorkers: CORES, testTimeout: COMPUTES_MS, hookTimeout: COMPUTES_MS };

/** A group of test files as two projects: `name` sharing modules, `name-isolated` with modules of their own. */
function sharedAndOwn(name: string, files: TestFiles, test: Record<string, unknown>) {
  return [
    { resolve: { alias: IMPORT_ALIASES }, test: { ...test, name, include: files.shared, isolate: false } },
    { resolve: { alias: IMPORT_ALIASES }, test: { ...test, name: `${name}-isolated`, include: files.own } },
  ];
}

// Unit tests and integration tests (real servers and child processes, two files per core at a time), each as
// the files that share modules and those with their own; then the keychain suites above, one at a time.
// Every project resolves the sources' import aliases (@/, @shared/, @core/, @simulators/).
export default defineConfig({
  test: {
    projects: [
      ...sharedAndOwn('unit', UNIT, unitDefaults),
      {
        resolve: { alias: IMPORT_ALIASES },
        test: { ...unitDefaults, name: 'unit-waiting', include: UNIT_WAITING, testTimeout: WAITS_MS, hookTimeout: WAITS_MS },
      },
      ...sharedAndOwn('integration', INTEGRATION, { ...integrationDefaults, maxWorkers: 2 * CORES, sequence: { groupOrder: 1 } }),
      {
        resolve: { alias: IMPORT_ALIASES },
        test: {
          ...integrationDefaults,
          name: 'integration-keychain',
          include: KEYCHAIN_SUITES,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
