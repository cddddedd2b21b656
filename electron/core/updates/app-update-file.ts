/**
 * What the app reads of `resources/app-update.yml`, the feed file electron-builder writes into an installed build
 * (js-yaml's dump of electron-builder.yml's `publish`, plus `publisherName` on Windows when signatures are checked):
 * the GitHub owner and repository, and the publisher names an update's signature must carry.
 *
 * Only the shape electron-builder writes is read (top-level `key: value` and `key:` followed by `- item` lines,
 * plain or quoted scalars); anything else is left out, so a file this does not understand names nothing.
 */
interface AppUpdateFile {
  provider: string | null;
  owner: string | null;
  repo: string | null;
  publisherNames: string[];
}

export function parseAppUpdateFile(text: string): AppUpdateFile {
  const scalars = new Map<string, string>();
  const lists = new Map<string, string[]>();
  let listKey: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const item = /^\s+-\s+(.*)$/.exec(raw);
    if (item && listKey !== null) {
      const value = scalar(item[1]!);
      if (value !== null) lists.get(listKey)!.push(value);
      continue;
    }
    listKey = null;
    const pair = /^([A-Za-z][A-Za-z0-9_]*):(?:\s+(.*))?$/.exec(raw);
    if (!pair) continue;
    const [, key, rest] = pair;
    if (rest === undefined || rest.trim() === '') {
      listKey = key!;
      lists.set(key!, []);
    } else {
      const value = scalar(rest);
      if (value !== null) scalars.set(key!, value);
    }
  }
  const single = scalars.get('publisherName');
  return {
    provider: scalars.get('provider') ?? null,
    owner: scalars.get('owner') ?? null,
    repo: scalars.get('repo') ?? null,
    publisherNames: single !== undefined ? [single] : (lists.get('publisherName') ?? []).filter((name) => name !== ''),
  };
}

/** A YAML scalar as js-yaml writes one: plain, 'single-quoted' ('' is a quote) or "double-quoted" (simple escapes). */
function scalar(text: string): string | null {
  const value = text.trim();
  if (value.startsWith("'")) return value.length >= 2 && value.endsWith("'") ? value.slice(1, -1).replaceAll("''", "'") : null;
  if (value.startsWith('"')) {
    if (value.length < 2 || !value.endsWith('"')) return null;
    try {
      return JSON.parse(value) as string;
    } catch {
      return null;
    }
  }
  if (/^[[{&*!|>%@`]/.test(value)) return null;
  return value.replace(/\s+#.*$/, '');
}
