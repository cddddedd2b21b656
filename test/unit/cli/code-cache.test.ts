import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheFile, readCodeCache, writeCodeCache } from '../../../electron/cli/code-cache';
import { makeTempDir } from '../../support/temp-dir';

const temps: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(() => {
  for (const t of temps.splice(0)) t.remove();
});
const dir = () => {
  const t = makeTempDir('statusdesk-code-cache-');
  temps.push(t);
  return t.dir;
};

const stamp = { size: 1_486_852, mtimeMs: 1_796_329_212_385.25 };
const data = Buffer.from([0, 10, 255, 1, 2, 3, 10, 10]);

describe('the command line code cache', () => {
  it('is one cache per command word, beside the bundle; options, addresses and names with capitals are not words', () => {
    const bundle = '/opt/statusdesk/out/cli/statusdesk.cjs';
    const cache = (argv: string[]) => path.relative('/opt/statusdesk/out/cli', codeCacheFile(bundle, argv));
    expect(cache(['status', 'acme'])).toBe('code-cache/status.bin');
    expect(cache(['--base-url', 'http://127.0.0.1:4010/api/v2', '--json', 'incidents', 'list', 'acme'])).toBe('code-cache/incidents.bin');
    expect(cache(['--version'])).toBe('code-cache/none.bin');
    expect(cache(['--account', 'Acme EU', 'status'])).toBe('code-cache/status.bin');
    expect(cache(['../../etc/passwd', 'x'.repeat(41)])).toBe('code-cache/none.bin');
  });

  it('reads back what was written for the same bundle, and nothing for another build or a file cut short', () => {
    const file = path.join(dir(), 'code-cache', 'status.bin');
    expect(readCodeCache(file, stamp)).toBeUndefined();
    writeCodeCache(file, stamp, data);
    expect(readCodeCache(file, stamp)).toEqual(data);
    expect(readCodeCache(file, { ...stamp, mtimeMs: stamp.mtimeMs + 1 })).toBeUndefined();
    expect(readCodeCache(file, { ...stamp, size: stamp.size - 1 })).toBeUndefined();

    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, -1));
    expect(readCodeCache(file, stamp)).toBeUndefined();
    fs.writeFileSync(file, Buffer.concat([Buffer.from('not a cache\n'), data]));
    expect(readCodeCache(file, stamp)).toBeUndefined();
    fs.writeFileSync(file, Buffer.alloc(4096, 7));
    expect(readCodeCache(file, stamp)).toBeUndefined();
  });

  it('writes aside and renames, leaving no temporary file; a folder it cannot make means no cache, not a failure', () => {
    const folder = dir();
    const file = path.join(folder, 'code-cache', 'status.bin');
    writeCodeCache(file, stamp, data);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['status.bin']);

    const blocked = path.join(folder, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder would be');
    expect(() => writeCodeCache(path.join(blocked, 'code-cache', 'status.bin'), stamp, data)).not.toThrow();
    expect(fs.readFileSync(blocked, 'utf8')).toBe('a file where the folder would be');
  });
});
