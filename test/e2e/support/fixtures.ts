import { test as base } from '@playwright/test';
import { startStatusPageSimulator, type StartOptions, type StatusPageSimulator } from '../../../simulators/statuspal';
import { startTranslationSimulator, type TranslationSimulator, type TranslationSimulatorOptions } from '../../../simulators/translation';
import { startHarness, type Harness, type HarnessOptions } from './harness';

/** What a test started, closed by `closing` in one fixed order whatever order the test asked for them in. */
interface Started {
  apps: Harness[];
  translators: TranslationSimulator[];
  sims: StatusPageSimulator[];
  /** Any other server a test starts (the alerts simulator): closed after the app, with the simulators. */
  servers: Array<{ close(): Promise<void> }>;
}

interface E2eFixtures {
  /** How `sim` starts; a file changes it with `test.use({ simOptions: … })`. */
  simOptions: StartOptions;
  /** The Status Page API simulator, with the demo seed. */
  sim: StatusPageSimulator;
  /** The one key `translator` accepts. */
  translatorKey: string;
  /** How `translator` starts besides its key (supported pairs, languages…). */
  translatorOptions: Omit<TranslationSimulatorOptions, 'key'>;
  translator: TranslationSimulator;
  /** Starts the app on the test's page; it is closed before any simulator. */
  launch: (options?: HarnessOptions) => Promise<Harness>;
  /** The app started at once, for tests that need nothing set up before it. */
  app: Harness;
  closing: Started;
}

export const test = base.extend<E2eFixtures>({
  simOptions: [{ seed: 'demo', rateLimit: false }, { option: true }],
  translatorKey: ['sim-e2e-translation-key', { option: true }],
  translatorOptions: [{}, { option: true }],

  // Depends on the page so the app closes while its page is still open, as an afterEach did.
  closing: async ({ page }, use) => {
    void page;
    const started: Started = { apps: [], translators: [], sims: [], servers: [] };
    await use(started);
    // The app first: its polls and outbox still talk to the simulators until it is disposed. One that fails
    // to close still lets the rest close, so a failed test leaves no server listening.
    const closers = [...started.apps.reverse(), ...started.translators, ...started.sims, ...started.servers];
    const failures: unknown[] = [];
    for (const closer of closers) await closer.close().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  },

  sim: async ({ simOptions, closing }, use) => {
    const sim = await startStatusPageSimulator(simOptions);
    closing.sims.push(sim);
    await use(sim);
  },

  translator: async ({ translatorKey, translatorOptions, closing }, use) => {
    const translator = await startTranslationSimulator({ ...translatorOptions, key: translatorKey });
    closing.translators.push(translator);
    await use(translator);
  },

  launch: async ({ page, closing }, use) => {
    await use(async (options) => {
      const app = await startHarness(page, options);
      closing.apps.push(app);
      return app;
    });
  },

  app: async ({ launch }, use) => {
    await use(await launch());
  },
});

export { expect } from '@playwright/test';
