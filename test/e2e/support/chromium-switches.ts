/*
 * Chromium honours only the last --disable-features on its command line. Playwright's launcher puts its own
 * list first (features that make automation flaky or call home), and ours would silently replace it, so ours
 * is one switch that repeats Playwright's list and adds to it. chromium-switches.e2e.ts reads the browser's
 * command line and fails when Playwright's list grows past this copy (after an upgrade of @playwright/test).
 */

/** Playwright 1.65's own list (its chromiumSwitches), in its order. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Chromium 156 in its (new) headless mode opens the address bar's popup as two WebUI renderers
 * (chrome://omnibox-popup.top-chrome) for every browser context: about a quarter of a core as each test starts,
 * for a popup a test never shows. Turning them off cut the end-to-end suite's CPU time by about a quarter
 * (233 s at 60 % of two cores to 211 s at 49 %).
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

export const DISABLE_FEATURES_SWITCH = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`;
