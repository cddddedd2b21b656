/**
 * Child process of the lock contender test (bundled there with esbuild, run with an IPC channel): on "try" it
 * takes the outbox lock at once, as every command and the app do, and answers whether it got it; it holds a
 * lock it got until "release". Many of these race on one stale lock, a real process each, so each judges the
 * lock's owner by pid as the app and the command line do.
 */
import { acquireOutboxLock, OutboxBusyError } from '../../../../electron/core/outbox/outbox-lock';

export type ContenderRequest = { type: 'try'; lockPath: string } | { type: 'release' } | { type: 'exit' };
export type ContenderAnswer =
  | { type: 'ready' }
  | { type: 'won'; pid: number }
  | { type: 'busy'; pid: number; holderPid: number }
  | { type: 'error'; pid: number; message: string }
  | { type: 'released' };

let release: (() => void) | null = null;
const answer = (message: ContenderAnswer) => process.send?.(message);

process.on('message', (request: ContenderRequest) => {
  if (request.type === 'try') {
    try {
      release = acquireOutboxLock(request.lockPath, 'cli');
      answer({ type: 'won', pid: process.pid });
    } catch (error) {
      if (error instanceof OutboxBusyError) answer({ type: 'busy', pid: process.pid, holderPid: error.holderPid });
      else answer({ type: 'error', pid: process.pid, message: error instanceof Error ? error.message : String(error) });
    }
  } else if (request.type === 'release') {
    release?.();
    release = null;
    answer({ type: 'released' });
  } else process.disconnect();
});
answer({ type: 'ready' });
