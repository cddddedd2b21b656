import fs from 'node:fs';
import path from 'node:path';

/** Files under `root` whose bytes contain any of the needles (bounded walk; big files skipped). */
export function filesContaining(root: string, needles: string[], limits = { maxFiles: 20_000, maxBytes: 8 * 1024 * 1024 }): string[] {
  const hits: string[] = [];
  let seen = 0;
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (seen >= limits.maxFiles) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        seen++;
        try {
          if (fs.statSync(full).size > limits.maxBytes) continue;
          const bytes = fs.readFileSync(full);
          if (needles.some((needle) => bytes.includes(needle))) hits.push(full);
        } catch {
          // unreadable (socket, permission): nothing to find there
        }
      }
    }
  };
  walk(root);
  return hits;
}
