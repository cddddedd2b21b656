import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh folder under the OS temp dir; remove it with the returned function. */
export function makeTempDir(prefix = 'statusdesk-test-'): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
