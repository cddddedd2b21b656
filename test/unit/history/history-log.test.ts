import { describe, expect, it } from 'vitest';
import { closeAll, compactLines, modelOf, pageHistoryOf, parseLog, serializeLines, type HistoryLine } from '@core/history/history-log';

/* The history file's lines: what a compaction writes says the same as what was appended, from the cutoff on. */

const lines: HistoryLine[] = [
  ['p', 'Nimbus', 1],
  ['c', 0, 'page', 'Overall'],
  ['c', 1, 's7', 'Storage'],
  ['l', 0, 0, 1_000],
  ['l', 1, 0, 1_000],
  ['l', 1, 3, 2_000],
  ['l', 1, 0, 2_600],
  ['x', 3_000],
  ['l', 0, 2, 5_000],
  ['l', 1, 2, 5_000],
  ['i', 9, 'Storage outage', 3, 0, 2_000, 2_600],
];
const window = { pageId: 'p', fromMs: 0, toMs: 10_000_000, openUntilSec: 6_000 };
const spans = (history: ReturnType<typeof pageHistoryOf>, key: string) =>
  (key === 'page' ? history.overall : history.components.find((c) => c.key === key)!).segments.map((s) => [s.start / 1000, s.end / 1000, s.level]);

describe('history log', () => {
  it('turns change lines into segments, with time not observed left out', () => {
    const history = pageHistoryOf(modelOf(lines), window);
    expect(spans(history, 's7')).toEqual([
      [1_000, 2_000, 'operational'],
      [2_000, 2_600, 'major'],
      [2_600, 3_000, 'operational'],
      [5_000, 6_000, 'minor'],
    ]);
    expect(history.incidents).toEqual([{ id: 9, title: 'Storage outage', level: 'major', maintenance: false, start: 2_000_000, resolved: 2_600_000 }]);
  });

  it('compacts to lines that read the same, cut at the cutoff', () => {
    const model = modelOf(lines);
    const again = modelOf(parseLog(serializeLines(compactLines(model, 0))).lines);
    expect(pageHistoryOf(again, window)).toEqual(pageHistoryOf(model, window));
    const cut = pageHistoryOf(modelOf(compactLines(model, 2_300)), window);
    expect(spans(cut, 's7')).toEqual([
      [2_300, 2_600, 'major'],
      [2_600, 3_000, 'operational'],
      [5_000, 6_000, 'minor'],
    ]);
    // The incident ended after the cutoff: kept; one that ended before it goes.
    expect(cut.incidents).toHaveLength(1);
    expect(pageHistoryOf(modelOf(compactLines(model, 2_700)), window).incidents).toHaveLength(0);
  });

  it('ends what is open where the app was last seen (a crash), and refuses lines that are not history', () => {
    const model = modelOf(lines);
    closeAll(model, 5_500);
    expect(spans(pageHistoryOf(model, { ...window, openUntilSec: 9_999 }), 'page').at(-1)).toEqual([5_000, 5_500, 'minor']);
    const parsed = parseLog('["l",1,5,3]\n["l",-1,0,3]\n{"l":1}\n["q"]\n["l",1,2,3]\n["l",1,');
    expect(parsed.lines).toEqual([['l', 1, 2, 3]]);
    expect(parsed.invalid).toBe(4);
    expect(parsed.tornTail).toBe(true);
  });

  it('takes an unfinished last line with control characters or bytes that were not UTF-8 for damage, not a torn append', () => {
    for (const tail of ['\u0000\u0007 junk', 'PK\u0003\u0004', Buffer.from([0x5b, 0xff, 0xfe, 0x22]).toString('utf8')]) {
      const parsed = parseLog(`["l",1,2,3]\n${tail}`);
      expect(parsed.lines).toHaveLength(1);
      expect(parsed.invalid).toBe(1);
      expect(parsed.tornTail).toBe(false);
    }
    // Binary garbage without a line break: nothing is read, and it is damage.
    expect(parseLog('\u0089PNG\r\u001a binary').invalid).toBe(1);
  });
});
