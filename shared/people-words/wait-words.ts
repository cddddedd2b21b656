import type { OutboxWaitReason } from '../outbox/entry-view';

/*
 * Why a queued write waits, in people's words after "waiting": one home for the window and the command line
 * ("concurrency" and "no_key" are the plan's names, never what a person reads).
 */
const WORDS: Record<OutboxWaitReason, string> = {
  offline: 'for the server to be reachable',
  backoff: 'to try again shortly',
  rate_limited: 'because the server asked to slow down',
  order: 'for an earlier write on the same item',
  dependency: 'for the write it depends on',
  no_key: 'for the account’s API key',
  // The account's writes in flight are at their maximum, or one write tries a server not heard from yet.
  concurrency: 'for an earlier write to get an answer',
};

export function waitWords(reason: OutboxWaitReason): string {
  return WORDS[reason];
}
