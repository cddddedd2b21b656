export type FaultStatus = 400 | 403 | 409 | 429 | 500 | 503 | 504;

/**
 * One-shot faults for the delete endpoint, consumed in order by authenticated delete requests.
 * - status: answer this status (standard error body) instead; `applied` deletes first (a 504 whose work was done).
 * - reset: destroy the connection without an answer; `applied` deletes first (the ambiguous case).
 * - delay: wait, then answer normally (for client timeouts).
 */
export type OperationsFault =
  | { kind: 'status'; status: FaultStatus; retryAfter?: string; applied?: boolean; message?: string }
  | { kind: 'reset'; applied: boolean }
  | { kind: 'delay'; ms: number };

export function describeFault(fault: OperationsFault): string {
  if (fault.kind === 'status') return `status ${fault.status}${fault.applied ? ' (applied)' : ''}`;
  if (fault.kind === 'reset') return `reset ${fault.applied ? 'after' : 'before'} applying`;
  return `delay ${fault.ms} ms`;
}
