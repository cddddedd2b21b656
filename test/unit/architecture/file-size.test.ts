import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/*
 * No product file over 400 lines: past that a file holds more than one idea, and the next reader has to find which
 * part is theirs. Product code is what ships: the main process and its core, the window, the code both share.
 */

const MAX_LINES = 400;
const PRODUCT_DIRS = ['electron', 'renderer/src', 'shared'];

function productFiles(): string[] {
  return PRODUCT_DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(ts|vue|css)$/.test(entry.name))
      .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name))),
  );
}

function linesOf(file: string): number {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

describe('product file size', () => {
  it('finds the product files', () => {
    expect(productFiles().length).toBeGreaterThan(300);
  });

  it(`keeps every product file at ${MAX_LINES} lines or fewer`, () => {
    const over = productFiles()
      .map((file) => ({ file, lines: linesOf(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
