import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it from calling home on a closed network.
export const CHROMIUM_PATH = process.env.STATUSDESK_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
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
