import { defineConfig } from 'vitest/config';
import { RENDERER_ALIASES } from './scripts/renderer-aliases';

// Two projects: pure unit tests, and integration tests that start real servers,
// child processes and talk to the real OS keychain.
export default defineConfig({
  test: {
    projects: [
      {
        // Unit tests load renderer modules, which import through @/ and @shared/.
        resolve: { alias: RENDERER_ALIASES },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // The command-line suites run the real bin, which runs the bundle: built first, from these sources.
          globalSetup: ['test/support/build-cli-setup.ts'],
          // Real servers, child processes and timers on a 2-core machine: one retry, reported in the output.
          retry: 1,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
