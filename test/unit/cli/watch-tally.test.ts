import { describe, expect, it } from 'vitest';
import { WatchTally, watchedFor } from '../../../electron/cli/commands/watch-tally';

// Watch's closing line after a signal says which, and a long watch is told in minutes and hours.

describe('the closing line of watch', () => {
  it.each([
    [42, '42 s'],
    [60, '1 min'],
    [192, '3 min 12 s'],
    [3_600, '1 h'],
    [7_500, '2 h 5 min'],
  ])('%i seconds are told as %s', (seconds, words) => {
    expect(watchedFor(seconds)).toBe(words);
  });

  it('names the signal that stopped it', () => {
    let now = 0;
    const tally = new WatchTally(() => now);
    now = 192_400;
    expect(tally.closingLine({ by: 'signal', signal: 'SIGINT' }, [])).toBe('watch stopped after 3 min 12 s: it was interrupted (Ctrl+C). Saw no change.');
    expect(tally.closingLine({ by: 'signal', signal: 'SIGTERM' }, [])).toBe('watch stopped after 3 min 12 s: it was asked to stop (SIGTERM). Saw no change.');
  });
});
