import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readIfPresent, readIfPresentInBackground, readTextIfPresentSync } from '../../../electron/core/storage/read-if-present';
import { makeTempDir } from '../../support/temp-dir';

let temp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => temp?.remove());

describe('reading a data file that may not exist yet', () => {
  it('gives the content of a file, and null for one never written', async () => {
    temp = makeTempDir();
    const file = path.join(temp.dir, 'data.json');
    expect(await readIfPresent(file)).toBeNull();
    expect(await readIfPresentInBackground(file)).toBeNull();
    expect(readTextIfPresentSync(file)).toBeNull();
    fs.writeFileSync(file, '{"ä":1}\n');
    expect((await readIfPresent(file))?.toString('utf8')).toBe('{"ä":1}\n');
    expect((await readIfPresentInBackground(file))?.toString('utf8')).toBe('{"ä":1}\n');
    expect(readTextIfPresentSync(file)).toBe('{"ä":1}\n');
  });

  it('reads in the background a file as it was sized when asked: a file of megabytes whole, the lines added meanwhile not', async () => {
    temp = makeTempDir();
    const file = path.join(temp.dir, 'outbox.jsonl');
    const content = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `{"line":${i}}\n`).join(''));
    fs.writeFileSync(file, content);
    const reading = readIfPresentInBackground(file);
    fs.appendFileSync(file, '{"line":"after"}\n');
    expect((await reading)?.equals(content)).toBe(true);
    expect(fs.statSync(file).size).toBeGreaterThan(content.length);
  });

  it('throws any other failure as it came (a folder where the file should be)', async () => {
    temp = makeTempDir();
    const folder = path.join(temp.dir, 'data.json');
    fs.mkdirSync(folder);
    await expect(readIfPresent(folder)).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(readIfPresentInBackground(folder)).rejects.toMatchObject({ code: 'EISDIR' });
    expect(() => readTextIfPresentSync(folder)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
