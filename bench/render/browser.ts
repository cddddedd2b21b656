import { chromium, type Browser } from '@playwright/test';
import playwrightConfig from '../../playwright.config';

/** Debian's Chromium with the same flags as the e2e tests (never a downloaded browser). */
export function launchBenchBrowser(): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  return chromium.launch({ ...launchOptions, headless: true });
}

/** The viewport the e2e tests use, so row counts match what they see. */
export const BENCH_VIEWPORT = playwrightConfig.use?.viewport ?? { width: 1200, height: 800 };
