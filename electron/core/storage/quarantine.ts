import fs from 'node:fs';
import path from 'node:path';

/**
 * Moves a file the app cannot read out of the way (`name.corrupt-<time>.ext`) so the app can start with a
 * fresh one and the user, or we, can still look at what was there. Returns the new path.
 */
export function quarantineFile(filePath: string, now: Date = new Date()): string {
  const { dir, name, ext } = path.parse(filePath);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let target = path.join(dir, `${name}.corrupt-${stamp}${ext}`);
  for (let n = 1; fs.existsSync(target); n += 1) target = path.join(dir, `${name}.corrupt-${stamp}-${n}${ext}`);
  fs.renameSync(filePath, target);
  return target;
}
