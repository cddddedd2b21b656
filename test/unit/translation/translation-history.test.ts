import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TranslationHistoryEntry } from '../../../shared/translation/history-entry';
import { HISTORY_FILE_NAME, TranslationHistory } from '../../../electron/core/translation/translation-history';
import { makeTempDir } from '../../support/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('statusdesk-history-');
});
afterEach(() => temp.remove());

const entry = (n: number, extra: Partial<TranslationHistoryEntry> = {}): TranslationHistoryEntry => ({
  id: `id-${n}`,
  at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
  from: 'en',
  to: 'de',
  type: 1,
  texts: [`text ${n}`],
  translations: [`Text ${n}`],
  ...extra,
});

describe('TranslationHistory', () => {
  it('keeps the newest entries first, bounded, across a reopen', async () => {
    const history = await TranslationHistory.open({ dataDir: temp.dir, limit: 3 });
    for (let n = 1; n <= 5; n++) await history.add(entry(n));
    expect(history.list().map((e) => e.id)).toEqual(['id-5', 'id-4', 'id-3']);
    await history.close();
    const reopened = await TranslationHistory.open({ dataDir: temp.dir, limit: 3 });
    expect(reopened.list().map((e) => e.id)).toEqual(['id-5', 'id-4', 'id-3']);
  });

  it('a repeat of the same languages, type and texts replaces the older entry', async () => {
    const history = await TranslationHistory.open({ dataDir: temp.dir });
    await history.add(entry(1));
    await history.add(entry(2));
    await history.add(entry(3, { texts: ['text 1'] }));
    expect(history.list().map((e) => e.id)).toEqual(['id-3', 'id-2']);
    await history.add(entry(4, { texts: ['text 1'], to: 'fr' }));
    expect(history.list()).toHaveLength(3);
  });

  it('does not keep an entry above the size bound', async () => {
    const history = await TranslationHistory.open({ dataDir: temp.dir, entryMaxChars: 20 });
    expect(await history.add(entry(1, { texts: ['x'.repeat(30)] }))).toBe(false);
    expect(await history.add(entry(2))).toBe(true);
    expect(history.list().map((e) => e.id)).toEqual(['id-2']);
  });

  it('moves a damaged file aside, keeps the entries that still read, and says so', async () => {
    const file = path.join(temp.dir, HISTORY_FILE_NAME);
    fs.writeFileSync(file, JSON.stringify({ format: 'statusdesk.translation-history', version: 1, entries: [entry(1), { id: 3 }] }));
    const problems: string[] = [];
    const history = await TranslationHistory.open({ dataDir: temp.dir, onProblem: (m) => problems.push(m) });
    expect(history.list().map((e) => e.id)).toEqual(['id-1']);
    expect(problems).toEqual([expect.stringMatching(/had 1 unreadable entry; it was moved to translation-history\.corrupt-.*\.json\. 1 entry was kept\./)]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).entries).toHaveLength(1);

    fs.writeFileSync(file, '{"format": "statusdesk.trans');
    const fresh = await TranslationHistory.open({ dataDir: temp.dir, onProblem: (m) => problems.push(m) });
    expect(fresh.list()).toEqual([]);
    expect(problems[1]).toMatch(/was damaged \(not valid JSON\)/);
    expect(fs.readdirSync(temp.dir).filter((n) => n.includes('.corrupt-'))).toHaveLength(2);
  });

  it('a file from a newer version is moved aside rather than overwritten', async () => {
    const file = path.join(temp.dir, HISTORY_FILE_NAME);
    fs.writeFileSync(file, JSON.stringify({ format: 'statusdesk.translation-history', version: 9, entries: [] }));
    const problems: string[] = [];
    await TranslationHistory.open({ dataDir: temp.dir, onProblem: (m) => problems.push(m) });
    expect(problems[0]).toMatch(/newer Statusdesk/);
    expect(fs.readdirSync(temp.dir).some((n) => n.includes('.corrupt-'))).toBe(true);
  });
});
