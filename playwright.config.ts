import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { DISABLE_FEATURES_SWITCH } from './test/e2e/support/chromium-switches';
import { E2E_EXPECT_MS, E2E_TEST_MS } from './test/support/time-outs';

// Debian's Chromium, never a downloaded browser. The flags keep it from calling home on a closed network.
export const CHROMIUM_PATH = process.env.STATUSDESK_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  // One worker per two cores. Alone on two cores one worker used half a core (242 s of CPU over 7.5 min), but
  // npm test runs this suite beside the node suites, which keep both cores busy: a worker per core there made
  // the whole run longer (15 min 48 s against 14 min or so), every test waiting longer for a core. Each test
  // starts its own app, simulators, data folder and keychain service name, so files may run side by side where
  // there are cores; tests inside a file keep their order.
  fullyParallel: false,
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  // Real servers, ports and a browser: one retry, and a retried test is named in npm test's closing summary.
  retries: 1,
  // Set by what an end-to-end test waits for (test/support/time-outs.ts says why).
  timeout: E2E_TEST_MS,
  expect: { timeout: E2E_EXPECT_MS },
  reporter: [['list'], ['json', { outputFile: 'test-results/reports/e2e.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1200, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        DISABLE_FEATURES_SWITCH,
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
