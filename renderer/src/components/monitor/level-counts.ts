import type { PageCard } from '@shared/monitor/dashboard-patch';
import { pageIconState } from '@shared/monitor/tray';
import { levelInSentence } from '@shared/people-words/level-words';

/** Where a page stands, for counting: the tray's states, with a page not checked yet apart from an unreachable one. */
type CountKey = 'major' | 'minor' | 'stale' | 'maintenance' | 'operational' | 'pending';

/** Worst first, as the dashboard sorts its pages. */
const ORDER: readonly CountKey[] = ['major', 'minor', 'stale', 'maintenance', 'operational', 'pending'];
// The levels in the dashboard's words, after a count of pages: "2 with a major outage".
const WORDS: Record<CountKey, string> = {
  major: `with a ${levelInSentence('major')}`,
  minor: `with a ${levelInSentence('minor')}`,
  stale: 'not reachable',
  maintenance: 'in maintenance',
  operational: levelInSentence('operational'),
  pending: 'checking',
};

interface LevelCount {
  key: CountKey;
  count: number;
  text: string;
}

/** "2 major · 1 minor · 5 operational": how many pages stand at each level, worst first, none left out or counted twice. */
export function levelCounts(pages: ReadonlyArray<Pick<PageCard, 'status' | 'level'>>): LevelCount[] {
  const counts = new Map<CountKey, number>();
  for (const page of pages) {
    const key: CountKey = page.status === 'pending' ? 'pending' : pageIconState(page);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return ORDER.filter((key) => counts.has(key)).map((key) => ({ key, count: counts.get(key)!, text: `${counts.get(key)!} ${WORDS[key]}` }));
}
