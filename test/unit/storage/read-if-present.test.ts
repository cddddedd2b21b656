import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readIfPresent, readTextIfPresentSync } from '../../../electron/core/storage/read-if-present';
import { makeTempDir } from '../../support/temp-dir';

let temp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => temp?.remove());

describe('reading a data file that may not exist yet', () => {
  it('gives the content of a file, and null for one never written', async () => {
    temp = makeTempDir();
    const file = path.join(temp.dir, 'data.json');
    expect(await readIfPresent(file)).toBeNull();
    expect(readTextIfPresentSync(file)).toBeNull();
    fs.writeFileSync(file, '{"ä":1}\n');
    expect((await readIfPresent(file))?.toString('utf8')).toBe('{"ä":1}\n');
    expect(readTextIfPresentSync(file)).toBe('{"ä":1}\n');
  });

  it('throws any other failure as it came (a folder where the file should be)', async () => {
    temp = makeTempDir();
    const folder = path.join(temp.dir, 'data.json');
    fs.mkdirSync(folder);
    await expect(readIfPresent(folder)).rejects.toMatchObject({ code: 'EISDIR' });
    expect(() => readTextIfPresentSync(folder)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
