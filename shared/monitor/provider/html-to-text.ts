/*
 * A provider's text as plain text: their updates may carry HTML (`<p>`, `<b>`, `<a href>`, `<br>`, entities),
 * which must not go into a message posted on our own page. Block elements become line breaks, list items
 * "- " lines, a link its words with its address in brackets (the address alone when the words are the
 * address), and every other tag is dropped; scripts and styles go with their content. Entities are decoded
 * once, after the tags are gone, so an escaped "&lt;b&gt;" stays the text "<b>". No DOM: the same in the
 * window and in Node.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attribute's value in a tag's text, quoted or not. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

const BLOCK = /^(?:p|div|h[1-6]|ul|ol|table|tr|blockquote|pre|section|article|header|footer)$/i;

/** Whether the text holds anything that looks like markup or an entity (plain text passes through untouched). */
function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>|&(?:#x?[0-9a-f]+|[a-z]+);/i.test(text);
}

/** Plain text of a provider's HTML: paragraphs as blank lines, links as "words (address)", nothing else of the markup. */
export function htmlToText(html: string): string {
  if (!looksLikeHtml(html)) return html;
  const withoutHidden = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  let out = '';
  let link: { href: string | null; start: number } | null = null;
  const tags = /<\/?([a-z][a-z0-9]*)\b[^>]*>/gi;
  let at = 0;
  for (let match = tags.exec(withoutHidden); match !== null; match = tags.exec(withoutHidden)) {
    out += withoutHidden.slice(at, match.index).replace(/\s+/g, ' ');
    at = match.index + match[0].length;
    const tag = match[0];
    const name = match[1]!.toLowerCase();
    const closing = tag.startsWith('</');
    if (name === 'br') out += '\n';
    else if (name === 'li' && !closing) out += '\n- ';
    else if (BLOCK.test(name)) out += '\n\n';
    else if (name === 'a' && !closing) link = { href: attribute(tag, 'href'), start: out.length };
    else if (name === 'a' && closing && link) {
      const words = decodeEntities(out.slice(link.start)).trim();
      const href = link.href === null ? null : decodeEntities(link.href).trim();
      if (href && /^(?:https?:|mailto:)/i.test(href) && words !== href && words !== href.replace(/^mailto:/i, '')) {
        // The address as written (its entities are decoded once, with the rest, below).
        const raw = link.href!.trim();
        out = `${out.slice(0, link.start)}${words === '' ? raw : `${out.slice(link.start)} (${raw})`}`;
      }
      link = null;
    }
  }
  out += withoutHidden.slice(at).replace(/\s+/g, ' ');
  return decodeEntities(out.replace(/<[^>]*$/, ''))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
