import type { PageSnapshot } from '../../snapshot';

/*
 * Everything Statusdesk knows about one format a provider's page publishes, in one record: a format is its file in
 * this folder (plus the published samples it is tested on, test/fixtures/providers/<id>/, and the simulator's
 * shape of it, simulators/provider/shapes/). The fetcher, the address rules, the reader, the window's form and the
 * command line all look the format up in the registry (registry.ts) instead of switching over its id.
 */

export interface ProviderFormatRecord<Id extends string = string> {
  /** What settings, the catalogue and `--format` call it. */
  readonly id: Id;
  /** How the window and the command line name it to people. */
  readonly label: string;
  /** What "Not understood as …" says an answer failed to be ("a Cachet page"). */
  readonly notUnderstoodAs: string;
  /** The window's hint under the address field when this format is chosen. */
  readonly addressHint: string;
  /**
   * Where the document lives for a watched address (normalised: no trailing slash). The first is asked; the next
   * ones only when the one before answers 404 (then the one that answers is kept: Cachet 3 moved its API).
   */
  documentUrls(pageUrl: string): readonly [string, ...string[]];
  /** The format's own document path pasted with the page address, cut back to the address watched. */
  trimDocumentPath(path: string): string;
  readonly detection: ProviderFormatDetection;
  /** The request's Accept header. */
  readonly accept: string;
  /**
   * Whether the last 200's validators go back (If-None-Match / If-Modified-Since) so that an unchanged page costs a
   * bodiless 304: the budget of one conditional request per page per interval rests on it.
   */
  readonly conditionalRequests: boolean;
  /** The document's body → the page model; throws ProviderNotUnderstoodError when it is not this format. */
  read(body: string, page: { url: string; now: number }): PageSnapshot;
}

export interface ProviderFormatDetection {
  /** Whether an address's path (lower case) has this format's own shape; null when an address never tells it. */
  readonly address: ((path: string) => boolean) | null;
  /** A loose shape (any `…/summary.json`) is asked only once no other format's shape matched the address. */
  readonly looseAddress?: boolean;
  /**
   * How a bare page address's answer tells it: `trial`, the format's turn when the formats are tried one after
   * another until one reader understands the answer; `readAs`, another format's reader understands its answer
   * (incident.io answers as Statuspage does); null when only its address tells it.
   */
  readonly answer: { readonly trial: number } | { readonly readAs: string } | null;
}

/** A watched address without its trailing slashes: the root the document paths are built on. */
export function pageRoot(pageUrl: string): string {
  return pageUrl.replace(/\/+$/, '');
}

export const JSON_ACCEPT = 'application/json';
