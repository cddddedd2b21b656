import { defineConfig } from '@playwright/test';

// The real-Electron smoke suite (npm run test:electron): the built app (out/), launched with Playwright's
// Electron support. Not part of npm test: it needs Electron's binary, which some machines cannot download.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.electron.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/reports/electron.json' }]],
  outputDir: '../../test-results/electron',
});
