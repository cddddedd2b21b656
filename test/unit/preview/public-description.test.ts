import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicDescriptionHtml, publicParagraphs } from '../../../shared/statuspal/public-description';
import { realFixturesDir } from '../../support/paths';

/** Every update (description and description_html) of the captured pages. */
function capturedUpdates(): Array<{ description: string; html: string }> {
  const found: Array<{ description: string; html: string }> = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.description === 'string' && typeof record.description_html === 'string')
      found.push({ description: record.description, html: record.description_html });
    Object.values(record).forEach(walk);
  };
  for (const file of fs.readdirSync(realFixturesDir).filter((name) => name.endsWith('.json')))
    walk(JSON.parse(fs.readFileSync(path.join(realFixturesDir, file), 'utf8')));
  return found;
}

describe('an update as the public page shows it', () => {
  it('matches the page’s own rendering of every captured update', () => {
    const updates = capturedUpdates();
    expect(updates.length).toBeGreaterThan(5);
    // One page writes `<p>text</p>`, the others `<p>\ntext</p>\n`: the same paragraphs.
    const layout = (html: string) => html.replace(/<p>\n/g, '<p>').replace(/<\/p>\n/g, '</p>');
    for (const update of updates) expect(layout(publicDescriptionHtml(update.description)), update.description.slice(0, 60)).toBe(layout(update.html));
  });

  it('is plain text: paragraphs on blank lines, breaks on single lines, tags shown as typed, apostrophes curly', () => {
    expect(publicParagraphs("We're on it.\r\n\r\nFirst line\nsecond line\n\n\n<b>not bold</b>  \n")).toEqual([
      ['We’re on it.'],
      ['First line', 'second line'],
      ['<b>not bold</b>'],
    ]);
    expect(publicDescriptionHtml('<script>x</script>')).toBe('<p>\n&lt;script&gt;x&lt;/script&gt;</p>\n');
    expect(publicParagraphs('   ')).toEqual([]);
  });
});
