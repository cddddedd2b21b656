import { describe, expect, it } from 'vitest';
import { levelCounts } from '../../../renderer/src/components/monitor/level-counts';

const ok = (level: 'operational' | 'scheduled' | 'minor' | 'major') => ({ status: 'ok' as const, level });

describe('levelCounts', () => {
  it('counts pages per level, worst first, with the words the dashboard shows', () => {
    const pages = [ok('operational'), ok('major'), ok('minor'), ok('operational'), ok('major'), ok('operational')];
    expect(levelCounts(pages).map((c) => c.text)).toEqual(['2 with a major outage', '1 with a minor incident', '3 operational']);
  });

  it('keeps a page that cannot be reached apart from one not checked yet, and maintenance apart from operational', () => {
    const pages = [{ status: 'stale' as const, level: 'operational' as const }, { status: 'pending' as const, level: null }, ok('scheduled')];
    expect(levelCounts(pages).map((c) => c.text)).toEqual(['1 not reachable', '1 in maintenance', '1 checking']);
  });

  it('counts every page once', () => {
    const pages = [ok('minor'), ok('scheduled'), { status: 'stale' as const, level: null }, ok('operational')];
    expect(levelCounts(pages).reduce((sum, c) => sum + c.count, 0)).toBe(pages.length);
    expect(levelCounts([])).toEqual([]);
  });
});
