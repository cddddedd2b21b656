import type { ErrorCode } from '@shared/errors';
import type { ForgetResult } from '@shared/operations/forget-result';

export type Tone = 'ok' | 'neutral' | 'failed' | 'warning' | 'pending';

export interface OutcomeLabel {
  label: string;
  tone: Tone;
  icon: string;
}

/** Short words for the codes a delete can fail with; the full sentence is shown beside them. */
const FAILURE_LABEL: Partial<Record<ErrorCode, string>> = {
  unsupported: 'Not supported by this server',
  not_found: 'Not found',
  unauthorized: 'Not authorized',
  forbidden: 'Permission denied',
  rate_limited: 'Rate limited',
  network: 'Network error',
  timeout: 'Timed out',
  invalid_input: 'Refused',
  invalid_response: 'Unexpected answer',
  cancelled: 'Cancelled',
};

export function outcomeLabel(result: Pick<ForgetResult, 'outcome' | 'code'>): OutcomeLabel {
  if (result.outcome === 'forgotten') return { label: 'Forgotten', tone: 'ok', icon: '✓' };
  if (result.outcome === 'already_gone') return { label: 'Already gone', tone: 'neutral', icon: '✓' };
  if (result.outcome === 'queued') return { label: 'Queued in the outbox', tone: 'pending', icon: '⇅' };
  return { label: (result.code && FAILURE_LABEL[result.code]) ?? 'Failed', tone: 'failed', icon: '✗' };
}
