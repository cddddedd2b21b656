/*
 * What a feed entry's words say about its state, as each publisher writes them. A feed has no status field: the
 * state is in the title or in the newest update's text, in the publisher's own words. This is the one table of
 * those words (docs/provider-formats.md shows it): each row is where to look, the pattern, what it means, who writes
 * it, and an example of theirs (the tests read every row's example back).
 *
 * Rows are tried in order; the first that matches decides. Titles first (a cloud's "RESOLVED:" is deliberate and
 * final), then the newest update's lead: a "Status: <word>" line, a status word in <strong>, then phrases.
 */

/** closed: resolved or completed; open: an incident going on; upcoming / running: a maintenance. */
export type FeedState = 'closed' | 'open' | 'upcoming' | 'running';

/** A status word as Statuspage-like pages write it (`<strong>Monitoring</strong>`, `Status: Investigating`). */
const FEED_STATE_WORDS: Readonly<Record<string, FeedState>> = {
  resolved: 'closed',
  completed: 'closed',
  complete: 'closed',
  postmortem: 'closed',
  'post-mortem': 'closed',
  closed: 'closed',
  fixed: 'closed',
  investigating: 'open',
  identified: 'open',
  monitoring: 'open',
  update: 'open',
  scheduled: 'upcoming',
  'not started': 'upcoming',
  planned: 'upcoming',
  'in progress': 'running',
  verifying: 'running',
  'maintenance in progress': 'running',
  'under maintenance': 'running',
};

interface FeedWordRow {
  /** title: the entry's title; lead: the text of the newest update (the body's first paragraph, or all of it). */
  where: 'title' | 'lead';
  /** Capture group 1, when there is one, is a word of FEED_STATE_WORDS; otherwise the match means `state`. */
  pattern: RegExp;
  state: FeedState | 'by word';
  source: string;
  example: string;
}

const WORD = Object.keys(FEED_STATE_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');

export const FEED_WORDS: readonly FeedWordRow[] = [
  {
    where: 'title',
    pattern: /^\s*(resolved)\s*:/i,
    state: 'by word',
    source: 'Google Cloud (status.cloud.google.com/en/feed.atom titles)',
    example: 'RESOLVED: Global: Cloud Monitoring Metrics may be unavailable',
  },
  {
    where: 'title',
    pattern: /\[(resolved)\]/i,
    state: 'by word',
    source: 'AWS (status.aws.amazon.com/rss/all.rss titles)',
    example: 'Service is operating normally: [RESOLVED] Internet Connectivity',
  },
  {
    where: 'title',
    pattern: /^\s*service is operating normally\b/i,
    state: 'closed',
    source: 'AWS (the status before the colon in its titles)',
    example: 'Service is operating normally: Increased API error rates',
  },
  {
    where: 'title',
    pattern: /^\s*\[?(update|investigating|identified|monitoring|completed|scheduled)\]?\s*[:\-\]]/i,
    state: 'by word',
    source: 'titles led by the state word, as the earlier reader read them (no published open Google entry was found)',
    example: 'UPDATE: Multiple services impacted in us-east1',
  },
  {
    where: 'lead',
    pattern: new RegExp(`^\\s*status:\\s*(${WORD})\\b`, 'i'),
    state: 'by word',
    source: 'Mistral (status.mistral.ai/feed.rss: "Status: Resolved<br/>…")',
    example: 'Status: Resolved The incident has been resolved',
  },
  {
    where: 'lead',
    pattern: new RegExp(`<(?:strong|b)>\\s*(${WORD})\\s*</(?:strong|b)>`, 'i'),
    state: 'by word',
    source: 'Statuspage history feeds (history.rss / .atom, e.g. githubstatus.com), LambStatus: "<strong>Resolved</strong> - …"',
    example: '<small>Oct 21, 17:39 UTC</small><br><strong>Resolved</strong> - This incident has been resolved.',
  },
  {
    where: 'lead',
    pattern: /\bis now resolved\b/i,
    state: 'closed',
    source: 'Slack (slack-status.com/feed/atom: "This issue is now resolved.")',
    example: 'This issue is now resolved.&nbsp;Scope: a "ZC:" prefix appeared.',
  },
  {
    where: 'lead',
    pattern: /\b(?:has|have) been (?:resolved|fully resolved)\b/i,
    state: 'closed',
    source: 'AWS descriptions ("The issue has been resolved"), Statuspage ("This incident has been resolved."), Mistral',
    example: 'The issue has been resolved and the service is operating normally.',
  },
];

interface FeedWordsRead {
  state: FeedState;
  /** The publisher's word, lower case, when the row read one ("monitoring"); else what the row means. */
  word: string;
}

/** A body that says its entry is a maintenance, whatever its updates' words (Instatus: "Identified" on a maintenance). */
export const FEED_MAINTENANCE_MARK = {
  pattern: /(?:^|<p>|\n)\s*(?:<strong>\s*)?Type:\s*(?:<\/strong>)?\s*Maintenance\b/i,
  source: 'Instatus history feeds ("<p><strong>Type:</strong> Maintenance</p>")',
} as const;

/** Without stamped updates (feed-updates.ts), the newest update is the body's first paragraph (Statuspage writes newest first), or all of it. */
function leadOf(bodyHtml: string): string {
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(bodyHtml);
  return (paragraph && paragraph[1]!.replace(/<[^>]*>/g, '').trim() !== '' ? paragraph[1]! : bodyHtml).trim();
}

/**
 * What the title and the newest update's text say, or null when they say nothing known (then it is open). `newest`
 * is the newest update's HTML when the body stamps its updates (feed-updates.ts); else the body's lead is read.
 */
export function readFeedWords(title: string, bodyHtml: string, newest: string | null = null): FeedWordsRead | null {
  const lead = newest ?? leadOf(bodyHtml);
  const plainLead = lead
    .replace(/<(br|\/p|\/li|\/div)\b[^>]*>/gi, ' ')
    .replace(/<(?!\/?(strong|b)>)[^>]*>/gi, '')
    .replace(/\s+/g, ' ');
  for (const row of FEED_WORDS) {
    const match = row.pattern.exec(row.where === 'title' ? title : plainLead);
    if (!match) continue;
    if (row.state !== 'by word') return { state: row.state, word: row.state === 'closed' ? 'resolved' : row.state };
    const word = match[1]!.toLowerCase().replace(/\s+/g, ' ');
    return { state: FEED_STATE_WORDS[word] ?? 'open', word };
  }
  return null;
}
