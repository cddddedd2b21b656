/** The routes of the alerts simulator, one per kind of destination (PagerDuty's change events apart). */
export type AlertSimRoute = 'slack' | 'teams' | 'pagerduty' | 'pagerduty-change' | 'webhook' | 'other';

/**
 * One-shot faults, consumed in order by the next request of their route (any route when none is named), as
 * the other simulators' (simulators/operations/faults.ts):
 * - status: answer this status instead; `applied`: the receiver acted first (a 502 from a proxy after Slack
 *   posted), so a resend is a repeat;
 * - reset: the connection is destroyed without an answer, before or after the receiver acted;
 * - hang: no answer at all, until the client gives up (its time-out);
 * - delay: wait, then answer normally.
 */
export type AlertSimFault =
  | { kind: 'status'; status: number; retryAfter?: string; applied?: boolean; route?: AlertSimRoute }
  | { kind: 'reset'; applied: boolean; route?: AlertSimRoute }
  | { kind: 'hang'; route?: AlertSimRoute }
  | { kind: 'delay'; ms: number; route?: AlertSimRoute };

export function describeFault(fault: AlertSimFault): string {
  switch (fault.kind) {
    case 'status':
      return `status ${fault.status}${fault.applied ? ' (applied)' : ''}`;
    case 'reset':
      return `reset ${fault.applied ? 'after' : 'before'} acting`;
    case 'hang':
      return 'hang';
    case 'delay':
      return `delay ${fault.ms} ms`;
  }
}

export class AlertFaultQueue {
  #faults: AlertSimFault[] = [];

  set(faults: AlertSimFault[]): void {
    this.#faults = [...faults];
  }

  add(...faults: AlertSimFault[]): void {
    this.#faults.push(...faults);
  }

  pending(): number {
    return this.#faults.length;
  }

  /** The next fault for `route`, taken off the queue; null when none waits for it. */
  take(route: AlertSimRoute): AlertSimFault | null {
    const index = this.#faults.findIndex((fault) => fault.route === undefined || fault.route === route);
    return index === -1 ? null : this.#faults.splice(index, 1)[0]!;
  }
}
