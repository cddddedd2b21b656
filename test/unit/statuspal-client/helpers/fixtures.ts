import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repo root is four levels up from this file; the handbook's shared/ sits beside it. */
const repoRoot = new URL('../../../../', import.meta.url);
const FIXTURES_DIR = fileURLToPath(new URL('../shared/fixtures/statuspal-real/', repoRoot));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

export function loadFixture(name: string): unknown {
  return JSON.parse(readFileSync(`${FIXTURES_DIR}/${name}`, 'utf8')) as unknown;
}
