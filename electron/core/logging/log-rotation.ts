import fs from 'node:fs';
import path from 'node:path';

/**
 * Rotates a full log: main.log becomes main.1.log, main.1.log becomes main.2.log, … and the oldest beyond
 * `keep` is removed, so a log never takes more than (keep + 1) files of its maximum size. Synchronous, as
 * electron-log's archive hook must be; a file that cannot be moved is removed instead, so the log never
 * grows without bound.
 */
export function rotateLogFiles(current: string, keep: number): void {
  const { dir, name, ext } = path.parse(current);
  const numbered = (n: number) => path.join(dir, `${name}.${n}${ext}`);
  try {
    fs.rmSync(numbered(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) {
      if (fs.existsSync(numbered(n))) fs.renameSync(numbered(n), numbered(n + 1));
    }
    if (keep >= 1) fs.renameSync(current, numbered(1));
    else fs.rmSync(current, { force: true });
  } catch {
    fs.rmSync(current, { force: true });
  }
}

/** The log files of one log, newest first: main.log, main.1.log, main.2.log, … (those that exist). */
export function logFilesOf(current: string): string[] {
  const { dir, name, ext } = path.parse(current);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const rotated = new RegExp(`^${escape(name)}\\.(\\d+)${escape(ext)}$`);
  const older = names
    .map((file) => ({ file, n: Number(rotated.exec(file)?.[1] ?? NaN) }))
    .filter((entry) => Number.isInteger(entry.n))
    .sort((a, b) => a.n - b.n)
    .map((entry) => path.join(dir, entry.file));
  return [...(names.includes(path.basename(current)) ? [current] : []), ...older];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
