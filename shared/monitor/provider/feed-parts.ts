import type { FeedEntry } from './feed-xml';

/*
 * The parts of a provider (service, region, product) a feed entry names, where its publisher names one:
 * - AWS: the guid `http://status.aws.amazon.com/#<service>-<region>_<epoch>` names the service in the region,
 *   the same key as its per-part feed (`/rss/ec2-us-east-1.rss`); a global service has no region (`cloudfront`);
 * - Google Cloud: the entry's summary ends "Affected products: Cloud Monitoring, Google Cloud Pub/Sub";
 * - Azure, and any feed that uses them: every `<category>` (RSS text, Atom `term`), services and regions alike.
 * An entry naming none (Slack, Statuspage history feeds, Mistral) affects the whole provider.
 */

/** At most this many parts an entry, each at most this long: a feed is outside input. */
export const MAX_PARTS_AN_ENTRY = 30;
const MAX_PART_NAME = 120;

interface FeedPartRule {
  source: string;
  example: string;
}

/** What each rule reads, for docs/provider-formats.md and the tests (each example is read back). */
export const FEED_PART_RULES: readonly FeedPartRule[] = [
  { source: 'AWS guid', example: 'http://status.aws.amazon.com/#ec2-us-east-1_1639599392' },
  { source: 'Google Cloud summary', example: '<p>Affected products: Cloud Monitoring, Google Cloud Pub/Sub</p>' },
  { source: 'RSS/Atom category (Azure)', example: '<category>Virtual Machines</category>' },
];

const AWS_GUID = /^https?:\/\/status\.aws\.amazon\.com\/?#(.+)_\d{9,11}$/i;
const AFFECTED_PRODUCTS = /Affected products:\s*([^<]+)/i;

function clean(name: string): string | null {
  const text = name.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, MAX_PART_NAME);
}

/** The parts `entry` names, in the order it names them, without repeats. */
export function feedEntryParts(entry: FeedEntry, bodyHtml: string): string[] {
  const found: string[] = [];
  const id = (entry.fields.guid?.text || entry.fields.id?.text || '').trim();
  const aws = AWS_GUID.exec(id);
  if (aws) found.push(aws[1]!);
  const products = AFFECTED_PRODUCTS.exec(bodyHtml);
  if (products) found.push(...products[1]!.split(','));
  for (const category of entry.categories) found.push(category.attributes.term ?? category.text);
  const out: string[] = [];
  for (const name of found) {
    const part = clean(name);
    if (part !== null && !out.some((p) => p.toLowerCase() === part.toLowerCase())) out.push(part);
  }
  return out.slice(0, MAX_PARTS_AN_ENTRY);
}
