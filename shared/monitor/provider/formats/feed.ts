import { FEED, readFeedPage } from '../read-feed';
import { pageRoot, type ProviderFormatRecord } from './provider-format-record';

/** An RSS 2.0 or Atom feed of incidents (how several large clouds publish), watched by its own address. */
export const feed: ProviderFormatRecord<'feed'> = {
  ...FEED,
  label: 'RSS/Atom feed',
  addressHint: 'The address of the RSS or Atom feed of incidents.',
  documentUrls: (pageUrl) => [pageRoot(pageUrl)],
  trimDocumentPath: (path) => path,
  detection: { address: (path) => /\.(atom|rss|xml)$/.test(path) || /\/(feed|rss|atom)(\/|$)/.test(path), answer: null },
  accept: 'application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.8',
  conditionalRequests: true,
  read: (body, page) => readFeedPage(body, page.url, page.now),
};
