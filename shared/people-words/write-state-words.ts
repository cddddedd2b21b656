import type { OutboxState } from '../outbox/entry-view';
import type { LinkedMemberState } from '../incidents/linked-member-state';

/*
 * A queued write's state in people's words, one home for the window and the command line: "needs_look" and
 * "in_flight" are the file's names, never what a person reads.
 */

const WORDS: Record<LinkedMemberState, string> = {
  pending: 'waiting',
  in_flight: 'sending',
  sent: 'sent',
  failed: 'failed',
  conflict: 'conflict',
  needs_look: 'needs a look',
  dropped: 'not sent',
  deleted: 'deleted',
};

/** In a sentence: "3 waiting, 1 needs a look". */
export function writeStateWords(state: OutboxState | LinkedMemberState): string {
  return WORDS[state];
}

/** As a label: "Needs a look". */
export function writeStateLabel(state: OutboxState | LinkedMemberState): string {
  const words = WORDS[state];
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** After a count of writes: "8,928 waiting", "2 held as conflicts", "3 needing a look". */
const AFTER_A_COUNT: Record<OutboxState, string> = {
  pending: 'waiting',
  in_flight: 'being sent',
  sent: 'sent',
  failed: 'failed',
  conflict: 'held as conflicts',
  needs_look: 'needing a look',
};

export function writesInStateWords(state: OutboxState): string {
  return AFTER_A_COUNT[state];
}
