import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allReadmeImagePaths, README_PATH, readmeImages, SCREENSHOTS_DIR, specsTaking, takes } from '../../../scripts/screenshots';

/*
 * The README shows only pictures `npm run screenshots` takes (scripts/screenshots.ts): each
 * is in docs/screenshots, and an e2e file that command runs takes it.
 */

const readme = fs.readFileSync(README_PATH, 'utf8');
const repoRoot = path.dirname(README_PATH);

describe('the README’s screenshots', () => {
  it('come only from docs/screenshots', () => {
    expect(allReadmeImagePaths(readme).filter((image) => !image.startsWith('docs/screenshots/'))).toEqual([]);
    expect(readmeImages(readme).length).toBeGreaterThan(10);
  });

  it('exist, and each is taken by an e2e file npm run screenshots runs', () => {
    const specs = specsTaking(readmeImages(readme)).map((spec) => fs.readFileSync(path.join(repoRoot, spec), 'utf8'));
    for (const name of readmeImages(readme)) {
      expect(fs.existsSync(path.join(SCREENSHOTS_DIR, name)), `${name} in docs/screenshots`).toBe(true);
      expect(
        specs.some((source) => takes(source, name)),
        `${name} taken by an e2e file`,
      ).toBe(true);
    }
  });

  it('finds the files by the pictures they name, the dark screens of the theme tour included', () => {
    expect(takes("await page.screenshot({ path: screenshotPath('dashboard.png') });", 'dashboard.png')).toBe(true);
    expect(takes("[/Dashboard/, 'Dashboard', 'dashboard'],\n screenshotPath(`dark-${file}.png`)", 'dark-dashboard.png')).toBe(true);
    expect(takes("screenshotPath('dashboard-compact.png')", 'dashboard.png')).toBe(false);
    expect(specsTaking(['dark-dashboard.png'])).toContain('test/e2e/theme.e2e.ts');
  });
});
