/*
 * How the status page shows an update's description. The API spec says only that an update has a
 * `description` string; FACTS.md adds that the service also answers a `description_html`, and the captured
 * summaries (fixtures/statuspal-real) show how it is made from the text: a typed tag is escaped and shows as
 * text; a blank line (or several) starts a new paragraph, a single line break is a line break; blank space at
 * the ends of the text and of each line goes; a straight apostrophe is shown curly (’). The layout (`<p>\n`,
 * `  <br />\n`) is a Markdown renderer's, but no captured update uses Markdown syntax, so how `**`, `_` or a
 * list would show is not known: the preview shows such characters as typed and says so. A test checks this
 * against every update of the captured pages.
 */

/** The description as the page shows it: paragraphs, each of lines. */
export function publicParagraphs(description: string): string[][] {
  return description
    .trim()
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => paragraph.split(/\r?\n/).map((line) => typographic(line.trimEnd())));
}

/** A straight apostrophe as the page prints it. */
function typographic(line: string): string {
  return line.replace(/'/g, '’');
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's `description_html` for a description, in the service's own layout (used by the check above). */
export function publicDescriptionHtml(description: string): string {
  return publicParagraphs(description)
    .map((lines) => `<p>\n${lines.map(escapeHtml).join('  <br />\n')}</p>\n`)
    .join('');
}
