import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../support/paths';

/** Screenshots the README shows are written to docs/screenshots when STATUSDESK_SCREENSHOTS=1, else to test-results. */
export function screenshotPath(name: string): string {
  const dir = process.env.STATUSDESK_SCREENSHOTS === '1' ? path.join(repoRoot, 'docs/screenshots') : path.join(repoRoot, 'test-results/screens');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
