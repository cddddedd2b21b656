import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/temp-dir';

/*
 * scripts/check-catalogue.mjs run as `npm run check:catalogue` runs it: on the real catalogue it passes; on a
 * catalogue with one of each problem it names every one and exits 1.
 */

const script = path.join(__dirname, '../../../scripts/check-catalogue.mjs');
let temp: ReturnType<typeof makeTempDir> | null = null;
afterEach(() => {
  temp?.remove();
  temp = null;
});

function run(file?: string): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, file ? [script, file] : [script], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, out: failed.stdout };
  }
}

const source = { id: 'list', title: 'A list', repository: 'owner/list', path: 'list.json', commit: 'a'.repeat(40), date: '2026-01-01' };
const entry = (name: string, url: string, extra: object = {}) => ({
  name,
  url,
  format: 'statuspage',
  category: 'cloud',
  source: 'list',
  listed: '2026-01-01',
  ...extra,
});

describe('scripts/check-catalogue.mjs', () => {
  it('passes the catalogue that ships and reports its size', () => {
    const result = run();
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/catalogue: \d+ providers from \d+ sources/);
    expect(result.out).toContain('no problems');
  });

  it('names each problem of a bad catalogue and exits 1', () => {
    temp = makeTempDir('statusdesk-check-catalogue-');
    const file = path.join(temp.dir, 'catalogue.json');
    const bad = {
      version: 2,
      sources: [source, { ...source, id: 'undated', date: '2026-13-01' }],
      providers: [
        entry('Alpha', 'https://status.alpha.test'),
        entry('alpha', 'https://status.other.test'),
        entry('Beta', 'https://WWW.Status.Alpha.test/'),
        entry('Gamma', 'https://status.gamma.test', { format: 'html' }),
        entry('Delta', 'http://status.delta.test'),
        entry('Epsilon', 'not an address'),
        entry('Zeta', 'https://status.zeta.test', { source: 'nowhere' }),
        entry('Eta', 'https://status.eta.test', { listed: 'yesterday' }),
        entry('Theta', 'https://status.theta.test/'),
      ],
    };
    writeFileSync(file, JSON.stringify(bad));
    const result = run(file);
    expect(result.code).toBe(1);
    expect(result.out).toContain('"alpha" is listed twice (name)');
    expect(result.out).toContain(`"Beta": address https://WWW.Status.Alpha.test/ is also "Alpha"'s`);
    expect(result.out).toContain('"Gamma": format "html" is not one the reader supports');
    expect(result.out).toContain('"Delta": url http://status.delta.test is not https');
    expect(result.out).toContain('"Epsilon": url not an address is malformed');
    expect(result.out).toContain('"Zeta": source "nowhere" does not exist');
    expect(result.out).toContain('"Eta": date "yesterday" does not parse');
    expect(result.out).toContain('source "undated": date "2026-13-01" does not parse');
    // What the app's own schema refuses is refused here too: a trailing slash, a catalogue too small to ship.
    expect(result.out).toMatch(/"Theta": url: an https address without credentials, query, fragment or trailing slash \(the app's schema\)/);
    expect(result.out).toContain("9 providers, fewer than 500 (the app's schema)");
  });
});
