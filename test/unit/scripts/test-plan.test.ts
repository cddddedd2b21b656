import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/** npm test's order lives in scripts/run-tests.mjs; the npm scripts it names and the suites the summary reads must exist. */
describe('the order npm test runs in', () => {
  it('names only npm scripts that exist, every suite the closing summary reads, and the build before the suites that run it', async () => {
    const { PLAN, CHECKS, NODE_SUITES } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/run-tests.mjs')).href)) as Record<
      'PLAN' | 'CHECKS' | 'NODE_SUITES',
      Array<[string, string]>
    >;
    const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, script] of PLAN) expect(scripts[script], `${name}: npm run ${script}`).toBeTypeOf('string');
    // The build comes before the suites that run it.
    const at = (script: string) => PLAN.findIndex(([, s]) => s === script);
    expect(at('build')).toBeLessThan(at('test:e2e:built'));
    expect(at('build')).toBeLessThan(at('test:reliability:built'));
    expect(scripts.test).toContain('npm run test:all');
    expect(scripts['test:all']).toBe('node scripts/run-tests.mjs');

    const summary = fs.readFileSync(path.join(repoRoot, 'scripts/test-summary.mjs'), 'utf8');
    const suites = JSON.parse(/const suites = (\[[^\]]*\])/.exec(summary)![1]!.replace(/'/g, '"')) as string[];
    expect(new Set(suites)).toEqual(new Set(['e2e', ...NODE_SUITES.map(([name]) => name)]));
    // Every check the project has is one npm test runs.
    expect(CHECKS.map(([, script]) => script).sort()).toEqual(['check:catalogue', 'format:check', 'lint', 'lint:unused', 'typecheck']);
  });
});
