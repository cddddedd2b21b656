import type { FailureDisposition } from '../kinds';

export const RECONCILE_SETTLE_MS = 2_000;

/**
 * The look-up after an attempt of unknown outcome found nothing, but the attempt is too recent to conclude:
 * a server that received the whole request may apply it a moment after the connection was cut (or the
 * process that sent it crashed). The entry waits, still to be looked up, and is looked up again then.
 */
export class OutcomeSettling extends Error {
  readonly waitMs: number;

  constructor(waitMs: number) {
    super('Waiting a moment for the server to finish an interrupted write before looking again.');
    this.name = 'OutcomeSettling';
    this.waitMs = waitMs;
  }

  disposition(): FailureDisposition {
    return {
      type: 'retry',
      error: { code: 'network', message: this.message },
      ambiguous: true,
      offline: false,
      retryAfterMs: Math.max(1, Math.ceil(this.waitMs)),
    };
  }
}
