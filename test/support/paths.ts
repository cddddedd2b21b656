import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The handbook folder beside the checkout (read-only): specs and real captured responses. */
const handbookDir = path.resolve(repoRoot, '../shared');
export const realFixturesDir = path.join(handbookDir, 'fixtures/statuspal-real');
/** The renderer build the e2e harness serves; STATUSDESK_RENDERER_BUILD names a copy that another build of out/ cannot change mid-run. */
export const rendererBuildDir = process.env.STATUSDESK_RENDERER_BUILD ?? path.join(repoRoot, 'out/renderer');
