import { describe, expect, it } from 'vitest';
import { FEED_WORDS, readFeedWords } from '../../../../shared/monitor/provider/feed-words';

/* The table of publishers' words: each row's own example is read by that row, and means what the row says. */

describe('the words feeds are written in', () => {
  it.each(FEED_WORDS.map((row) => [row.source, row] as const))('%s', (_source, row) => {
    const read = row.where === 'title' ? readFeedWords(row.example, '') : readFeedWords('An incident', row.example);
    expect(read).not.toBeNull();
    expect(FEED_WORDS.find((other) => other.pattern.test(row.where === 'title' ? row.example : row.example.replace(/<(?!\/?(strong|b)>)[^>]*>/gi, '')))).toBe(
      row,
    );
    if (row.state !== 'by word') expect(read!.state).toBe(row.state);
  });

  it('reads the newest update only: an older "Resolved" further down does not close a reopened incident', () => {
    const body = '<p><strong>Investigating</strong> - It is back.</p><p><strong>Resolved</strong> - This incident has been resolved.</p>';
    expect(readFeedWords('Errors on the API', body)).toEqual({ state: 'open', word: 'investigating' });
  });

  it('a <strong> that is not a status word (a date) says nothing', () => {
    expect(readFeedWords('Errors on the API', '<p>Incident began at <strong>2022-03-31 08:30</strong></p>')).toBeNull();
  });
});
