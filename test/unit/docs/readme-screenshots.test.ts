import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allReadmeImagePaths, README_PATH, readmeImages, SCREENSHOT_SPECS, SCREENSHOTS_DIR } from '../../../scripts/screenshots';

/*
 * Issue 26 item 14: the README shows only pictures `npm run screenshots` takes (scripts/screenshots.ts): each
 * is in docs/screenshots, and one of the e2e files that command runs takes it.
 */

const readme = fs.readFileSync(README_PATH, 'utf8');
const repoRoot = path.dirname(README_PATH);
const specs = SCREENSHOT_SPECS.map((spec) => fs.readFileSync(path.join(repoRoot, spec), 'utf8'));

/** Whether a spec names the picture: literally (`screenshotPath('dashboard.png')`), or as `dark-${file}.png` of a listed screen. */
function taken(name: string): boolean {
  const base = name.replace(/\.png$/, '');
  return specs.some((source) => {
    if (source.includes(`'${name}'`) || source.includes(`\`${name}\``)) return true;
    const dark = /^dark-(.+)$/.exec(base);
    return dark !== null && source.includes('`dark-${file}.png`') && source.includes(`'${dark[1]}']`);
  });
}

describe('the README’s screenshots', () => {
  it('come only from docs/screenshots', () => {
    expect(allReadmeImagePaths(readme).filter((image) => !image.startsWith('docs/screenshots/'))).toEqual([]);
    expect(readmeImages(readme).length).toBeGreaterThan(10);
  });

  it('exist, and each is taken by an e2e file npm run screenshots runs', () => {
    for (const spec of SCREENSHOT_SPECS) expect(fs.existsSync(path.join(repoRoot, spec)), spec).toBe(true);
    for (const name of readmeImages(readme)) {
      expect(fs.existsSync(path.join(SCREENSHOTS_DIR, name)), `${name} in docs/screenshots`).toBe(true);
      expect(taken(name), `${name} taken by one of SCREENSHOT_SPECS`).toBe(true);
    }
  });
});
