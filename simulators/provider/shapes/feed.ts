import type { SimSummary, SimulatorShape } from './simulator-shape';

/** An Atom feed of the page's incidents and maintenances, at `<folder>/history.atom`. */

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const WORD: Readonly<Record<string, string>> = { in_progress: 'In progress', postmortem: 'Postmortem' };
const word = (status: unknown) => WORD[String(status)] ?? String(status).charAt(0).toUpperCase() + String(status).slice(1);

function atom(summary: SimSummary): string {
  const entries = [...summary.incidents, ...summary.scheduled_maintenances].map((item) => {
    const body = item.incident_updates.map((u) => `<p><strong>${xml(word(u.status))}</strong> - ${xml(String(u.body))}</p>`).join('');
    return [
      '<entry>',
      `<title>${xml(item.name)}</title>`,
      `<id>${xml(item.id)}</id>`,
      `<link rel="alternate" href="${xml(summary.page.url)}/incidents/${xml(item.id)}"/>`,
      `<updated>${item.updated_at}</updated>`,
      // The parts it affects, as Azure's feed names them (one category each).
      ...((item.components as Array<{ name: string }> | undefined) ?? []).map((c) => `<category term="${xml(c.name)}"/>`),
      `<content type="html"><![CDATA[${body}]]></content>`,
      '</entry>',
    ].join('');
  });
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${xml(summary.page.url)}</id><title>${xml(summary.page.name)} Incident History</title><updated>${summary.page.updated_at}</updated><link rel="alternate" href="${xml(summary.page.url)}"/>${entries.join('')}</feed>`;
}

export const feedShape: SimulatorShape = {
  contentType: 'application/atom+xml; charset=utf-8',
  render: (summary) => atom(summary),
  pageAddress: (folder) => `${folder}/history.atom`,
};
