import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './scripts/import-aliases';

/*
 * The suites that store or delete the app's own keychain entries (the translation key, the Google refresh
 * token, account keys) under the app's service name, on the one test keyring: run one file at a time, after
 * the rest, so two files never race on the same entry. Every other integration suite keeps its secrets in
 * memory, in the environment, or under a keychain service name of its own.
 */
const KEYCHAIN_SUITES = [
  'test/integration/cli/accounts-cli.test.ts',
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
 * global, the environment or the clock, sets process.env, or (unit) boots the main process over the fake
 * Electron or drives the window's stores.
 */
const CHANGES_SHARED_STATE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)|process\.env(\.\w+|\[[^\]]+\]) *=[^=]|globalThis\.\w+ *=[^=]|Object\.defineProperty\(process/;

/** The test files under `dir`, split into those that share modules and those that need their own. */
function splitByIsolation(dir: string, alwaysOwn: string[] = [], leaveOut: string[] = []) {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split('\\').join('/')}`)
    .filter((file) => !leaveOut.includes(file));
  const own = files.filter((file) => alwaysOwn.some((prefix) => file.startsWith(prefix)) || CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')));
  return { shared: files.filter((file) => !own.includes(file)), own };
}
const UNIT = splitByIsolation('test/unit', ['test/unit/main/', 'test/unit/renderer/']);
const INTEGRATION = splitByIsolation('test/integration', [], KEYCHAIN_SUITES);

// Real servers, child processes and timers on a 2-core machine: one retry, reported in the output.
const integrationDefaults = {
  environment: 'node' as const,
  // The command-line suites run the real bin, which runs the bundle: built once per run, from these sources.
  globalSetup: ['test/support/build-cli-setup.ts'],
  retry: 1,
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

/*
 * Unit tests are CPU-bound: a worker per core (vitest's default leaves one core idle, a third of the unit run on
 * two cores). Integration tests mostly wait, on servers, child processes, Retry-After and time-outs (their CPU
 * time is about half their wall time on two cores): two files per core.
 */
const CORES = Math.max(2, availableParallelism());

/** A group of test files as two projects: `name` sharing modules, `name-isolated` with modules of their own. */
function sharedAndOwn(name: string, files: { shared: string[]; own: string[] }, test: Record<string, unknown>) {
  return [
    { resolve: { alias: IMPORT_ALIASES }, test: { ...test, name, include: files.shared, isolate: false } },
    { resolve: { alias: IMPORT_ALIASES }, test: { ...test, name: `${name}-isolated`, include: files.own } },
  ];
}

// Unit tests and integration tests (real servers and child processes, two files per core at a time), each as
// the files that share modules and those with their own; then the keychain suites above, one at a time.
// Every project resolves the sources' import aliases (@/, @shared/, @services/, @simulators/).
export default defineConfig({
  test: {
    projects: [
      ...sharedAndOwn('unit', UNIT, { environment: 'node', maxWorkers: CORES }),
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
