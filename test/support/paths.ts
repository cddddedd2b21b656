import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The handbook folder beside the checkout (read-only): specs and real captured responses. */
export const handbookDir = path.resolve(repoRoot, '../shared');
export const realFixturesDir = path.join(handbookDir, 'fixtures/statuspal-real');
export const rendererBuildDir = path.join(repoRoot, 'out/renderer');
