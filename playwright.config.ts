import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it from calling home on a closed network.
export const CHROMIUM_PATH = process.env.STATUSDESK_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  // Files side by side, a worker (its own Chromium) per core; each test starts its own app, simulators, data
  // folder and keychain service name, so no two tests share state. Tests inside a file keep their order.
  fullyParallel: false,
  workers: Math.max(2, availableParallelism()),
  // A retried test is reported as flaky in the list and the summary.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
