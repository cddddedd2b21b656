import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './scripts/import-aliases';
import { WAIT_MS } from './test/support/time-outs';

// The reliability suite (test/reliability): fault soak, crash, corrupt files, IPC fuzz, secret leaks, XSS.
// Its own config so `npm test`'s unit and integration projects stay as they are. Files run one at a time:
// they measure timing-sensitive things (kills mid-flush, fake-time polling) on a 2-core machine.
export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    name: 'reliability',
    include: ['test/reliability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // A wait without a time-out of its own waits WAIT_MS, not vitest's 1 s (test/support/patient-waits.ts).
    setupFiles: ['test/support/patient-waits.ts'],
    // The crash soak's flush child, bundled from these sources (test/support/test-children.ts).
    globalSetup: ['test/support/build-children-setup.ts'],
    expect: { poll: { timeout: WAIT_MS } },
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
