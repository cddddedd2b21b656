import { describe, expect, it } from 'vitest';
import { FlushProgress } from '../../../electron/cli/commands/flush-progress';

/*
 * `outbox flush` printed nothing for 151 s while it sent 200 metric points one at a time. It now says how far it
 * is and, from the rate seen so far, how long is left: a line now and then in a pipe, one line rewritten on a
 * terminal. The clock is the test's: one send every 750 ms unless said.
 */

function run(total: number, tty: boolean, sends: number, everyMs = 750): string {
  let now = 0;
  let out = '';
  const progress = new FlushProgress({ total, tty, now: () => now, write: (text) => (out += text) });
  for (let done = 1; done <= sends; done++) {
    now += everyMs;
    progress.sent(done);
  }
  progress.end();
  return out;
}

describe('flush progress', () => {
  it('in a pipe: a line every tenth of the writes, with the time left at the rate seen', () => {
    const lines = run(200, false, 60, 200).trimEnd().split('\n');
    expect(lines).toEqual(['sent 20 of 200, about 40 s left', 'sent 40 of 200, about 35 s left', 'sent 60 of 200, about 30 s left']);
  });

  it('in a pipe: a line every few seconds when a tenth takes longer', () => {
    const lines = run(1_000, false, 30).trimEnd().split('\n');
    // 100 sends would be a tenth; at 750 ms a send, a line every 5 s instead (the 7th send is the first past it).
    expect(lines[0]).toBe('sent 7 of 1,000, about 12 min left');
    expect(lines).toHaveLength(4);
  });

  it('on a terminal: one line rewritten in place, cleared at the end', () => {
    const out = run(200, true, 3);
    expect(out).toBe(
      '\r\x1b[Ksent 1 of 200, about 2 min 30 s left\r\x1b[Ksent 2 of 200, about 2 min 30 s left\r\x1b[Ksent 3 of 200, about 2 min 30 s left\r\x1b[K',
    );
  });

  it('says nothing for a short flush', () => {
    expect(run(5, false, 5)).toBe('');
    expect(run(5, true, 5)).toBe('');
  });
});
