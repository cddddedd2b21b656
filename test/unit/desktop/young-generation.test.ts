import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/** A fresh Node process allocating in bursts (objects that mostly die young), answering its nursery's size in MB. */
function nurseryMbAfterBursts(tuned: boolean): number {
  const tuning = path.join(repoRoot, 'electron/core/desktop/young-generation.ts');
  const script = `
    import v8 from 'node:v8';
    ${tuned ? `const { keepYoungGenerationSmall } = await import(${JSON.stringify(tuning)}); keepYoungGenerationSmall();` : ''}
    const kept = [];
    for (let i = 0; i < 200000; i++) {
      const item = { n: i, text: 'page ' + i + ' '.repeat(40), levels: [i, i + 1] };
      if (i % 3 === 0) kept.push(item);
      if (kept.length > 20000) kept.splice(0, 10000);
    }
    const nursery = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    console.log(nursery.space_size / 1048576);`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  return Number(out.trim());
}

describe('the main process keeps V8’s young generation small', () => {
  it('a burst of allocations grows the nursery to many MB by default, and not past its first size once tuned', () => {
    const untuned = nurseryMbAfterBursts(false);
    const tuned = nurseryMbAfterBursts(true);
    expect(untuned).toBeGreaterThanOrEqual(8);
    expect(tuned).toBeLessThanOrEqual(4);
  });
});
