/*
 * Text as a server may have stored it, for recognising our own write on the server after an unknown outcome
 * (look-up.ts). A server is free to keep a title or a message in another form than the one sent, and a look-up
 * that compares byte for byte then misses our write and it is sent twice.
 *
 * Assumed normalisations. None is documented for the Status Page API (FACTS.md says nothing of it); each is what
 * common server stacks do by default, so the look-up tolerates all of them at once:
 * - Trimmed: leading and trailing whitespace dropped (form handlers, Rails `strip`/`squish`, Ecto changesets
 *   that treat blank strings as empty).
 * - Whitespace collapsed: runs of spaces, tabs, line breaks and no-break spaces become one space (Rails `squish`,
 *   sanitisers that re-serialise text). Compared collapsed on both sides, a server that keeps line breaks still
 *   matches.
 * - HTML reduced to text: tags removed, their text kept (strip_tags, sanitize-html or Loofah with no allowed
 *   tag, an allow-list that keeps <b> but drops attributes: reduced here, both sides compare as text). Block
 *   tags (<p>, <br>, <li>…) become a space, inline tags nothing; a sanitiser that glues blocks together is
 *   accepted too. <script> and <style> elements are dropped whole by most sanitisers (DOMPurify, Loofah's
 *   prune) and kept as text by strip_tags: both are accepted. HTML comments are dropped.
 * - Entities decoded: `&amp;`, `&lt;`, `&#39;`, `&#x27;`, `&nbsp;`…: a server that escapes on the way in
 *   (`<b>` stored as `&lt;b&gt;`, even twice) compares equal to one that strips.
 * - Unicode NFC: composed and decomposed accents are the same text.
 * Not assumed: a change of case, truncation (a title over the limit is refused with 422, not cut), Markdown
 * rendered into `description` (the server renders into `description_html` and keeps `description`), quotes
 * made typographic. Such a server makes the look-up miss; the write is then sent again.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  middot: '\u00b7',
  bull: '\u2022',
};

const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const DECLARATION = /<![^>]*>/g;
/** Elements whose content is code, not text: most sanitisers drop them whole. */
const CODE_ELEMENT = /<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|table|thead|tbody|tfoot|tr|td|th|blockquote|pre|section|article|header|footer|aside|nav|figure|figcaption)\b[^>]*>/gi;
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>/gi;
const WHITESPACE = /[\s\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;
/** Escaped twice over is the most seen; a few rounds more cost nothing. */
const MAX_ROUNDS = 4;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

interface TextReading {
  /** `drop`: <script>/<style> with their content removed (most sanitisers); `keep`: their text kept (strip_tags). */
  code: 'drop' | 'keep';
  /** `space`: block tags become a space; `none`: every tag becomes nothing. */
  blocks: 'space' | 'none';
}

const CANONICAL: TextReading = { code: 'drop', blocks: 'space' };
const READINGS: readonly TextReading[] = [CANONICAL, { code: 'keep', blocks: 'space' }, { code: 'drop', blocks: 'none' }, { code: 'keep', blocks: 'none' }];

/** The text a server that trims, collapses whitespace, sanitises HTML and decodes entities would keep of `text`. */
export function storedText(text: string, reading: TextReading = CANONICAL): string {
  let current = text.normalize('NFC');
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let next = current.replace(COMMENT, ' ').replace(DECLARATION, ' ');
    if (reading.code === 'drop') next = next.replace(CODE_ELEMENT, ' ');
    next = next.replace(BLOCK_TAG, reading.blocks === 'space' ? ' ' : '').replace(TAG, '');
    next = decodeEntities(next);
    if (next === current) break;
    current = next;
  }
  return current.replace(WHITESPACE, ' ').trim();
}

/**
 * Whether `stored` (as the server answers it) can be what became of `written` (as we sent it): equal once both
 * are read as text, under any of the readings above of what we wrote.
 */
export function sameStoredText(written: string, stored: string): boolean {
  if (written === stored) return true;
  const theirs = storedText(stored);
  return READINGS.some((reading) => storedText(written, reading) === theirs);
}
