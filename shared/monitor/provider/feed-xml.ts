/*
 * Just enough XML for RSS 2.0 and Atom status feeds: the entries (`item` / `entry`) with their child
 * elements' text and attributes, CDATA unwrapped, entities decoded. Not a general XML parser: no
 * DTDs (an entity declared in one is left as written), no validation; elements are matched by local
 * name, whatever their namespace prefix (`content:encoded` is `encoded`).
 */

export interface FeedElement {
  /** Decoded text (CDATA kept as written). */
  text: string;
  attributes: Record<string, string>;
}

export interface FeedEntry {
  /** By local name; the first element of each name. */
  fields: Record<string, FeedElement>;
  /** Every `link` element (Atom has several). */
  links: FeedElement[];
  /** Every `category` element (RSS: its text; Atom: its `term`): Azure names services and regions there. */
  categories: FeedElement[];
}

export interface FeedDocument {
  kind: 'rss' | 'atom';
  /** The channel's or feed's own fields, entries aside. */
  head: Record<string, FeedElement>;
  entries: FeedEntry[];
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

function attributesOf(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of raw.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[match[1]!.replace(/^.*:/, '')] = decodeEntities(match[3] ?? match[4] ?? '');
  return out;
}

/**
 * Every element of a fragment, nested ones too, by local name (the first of a name wins), plus every
 * link. Scanning goes on just after each opening tag, so an element's children are visited as well.
 */
function childrenOf(fragment: string, cdata: readonly string[]): FeedEntry {
  const fields: Record<string, FeedElement> = {};
  const links: FeedElement[] = [];
  const categories: FeedElement[] = [];
  const restore = (value: string) => value.replace(/\uE000(\d+)\uE000/g, (_, i: string) => cdata[Number(i)] ?? '');
  const open = /<([\w.-]+:)?([\w.-]+)(\s[^<>]*?)?(\/?)>/g;
  for (let match = open.exec(fragment); match !== null; match = open.exec(fragment)) {
    const qualified = `${match[1] ?? ''}${match[2]!}`;
    const name = match[2]!.toLowerCase();
    let content = '';
    if (match[4] !== '/') {
      const close = fragment.indexOf(`</${qualified}>`, open.lastIndex);
      if (close < 0) continue;
      content = fragment.slice(open.lastIndex, close);
    }
    // Markup inside (an XHTML body, a container) is dropped; CDATA comes back as written.
    const element = { text: restore(decodeEntities(content.replace(/<[^>]*>/g, ' '))).trim(), attributes: attributesOf(match[3] ?? '') };
    if (name === 'link') links.push(element);
    if (name === 'category') categories.push(element);
    fields[name] ??= element;
  }
  return { fields, links, categories };
}

/** null when the text is not an RSS or Atom document. */
export function readFeedXml(xml: string): FeedDocument | null {
  const cdata: string[] = [];
  // CDATA first, so markup inside it (an HTML description) is never taken for elements.
  const body = xml.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) => `\uE000${cdata.push(inner) - 1}\uE000`).replace(/<!--[\s\S]*?-->/g, '');
  const root = /<(?:[\w.-]+:)?(rss|feed|rdf:RDF|RDF)\b/i.exec(body);
  if (!root) return null;
  const kind = root[1]!.toLowerCase() === 'feed' ? 'atom' : 'rss';
  const entryName = kind === 'atom' ? 'entry' : 'item';
  const entryPattern = new RegExp(`<(?:[\\w.-]+:)?${entryName}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${entryName}\\s*>`, 'gi');
  const entries: FeedEntry[] = [];
  for (const match of body.matchAll(entryPattern)) entries.push(childrenOf(match[1]!, cdata));
  const head = childrenOf(body.replace(entryPattern, ''), cdata).fields;
  return { kind, head, entries };
}
