/*
 * Time-outs are set by what a test waits for, never by how fast this machine is today (two cores, often busy
 * with another suite or another process). The closing summary of `npm test` prints the ten tests closest to
 * their time-out, so one that drifts is seen before it fails.
 */

/** Pure code: vitest's 5 s. Its slowest unit test took about 1 s with both cores busy elsewhere. */
export const COMPUTES_MS = 5_000;

/**
 * A test that waits on more than its own code: a unit test that boots the main process over the fake Electron
 * (the first boot imports the whole app), spawns a process or loads electron-builder (8 s measured for a first
 * boot with both cores busy elsewhere), and every integration test (real servers, child processes, the real
 * command line: 33 s measured for the longest under that load, against the 30 s it had).
 */
export const WAITS_MS = 90_000;

/**
 * A wait inside a test that names no time-out of its own (vi.waitFor, expect.poll; vitest's default is 1 s):
 * long enough for an IPC answer or a poll on its way on a busy machine, short enough that a failing wait
 * still fails, with its own message, within a pure unit test's time-out.
 */
export const WAIT_MS = 4_000;

/**
 * A soak inside the integration suite (a thousand writes through kills, a seeded simulation, months of outbox):
 * 2 minutes on a quiet machine, and its 120 s limit was passed with both cores busy elsewhere.
 */
export const SOAK_MS = 300_000;

/**
 * An end-to-end test (the real core, simulators and Chromium): its longest took 34 s with both cores busy
 * elsewhere and the node suites beside it, against the 60 s it had.
 */
export const E2E_TEST_MS = 120_000;

/**
 * One end-to-end expectation (a row to appear, a poll to land): Playwright retries it until then. A failing one
 * still fails well inside E2E_TEST_MS.
 */
export const E2E_EXPECT_MS = 20_000;
