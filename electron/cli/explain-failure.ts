import { StatusPageApiError } from '../services/statuspage/errors';

/** Where a command's status page call went: enough to say which page and which server a failure was about. */
export interface CallTarget {
  baseUrl: string;
  subdomain?: string | undefined;
}

/** The address without any credentials, as it can be shown. */
function shown(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}

/**
 * A status page failure in the command line's words: which page, which server, and the likely fix, instead
 * of the operation's path template. Null when there is nothing to add to the client's own message.
 */
export function explainFailure(error: unknown, target: CallTarget | null): string | null {
  if (!(error instanceof StatusPageApiError) || target === null) return null;
  const server = shown(target.baseUrl);
  const path = target.subdomain ? error.path.replace('{subdomain}', target.subdomain) : error.path;
  // A 404 on a page's own path is about the page (or the server); one on an item under it is about the item.
  const pageLevel = error.path.includes('{subdomain}') && (error.path.match(/\{/g) ?? []).length === 1;
  if (error.status === 404 && pageLevel) {
    if (!/\/api\/v2$/.test(server)) {
      return `No status page API at ${server} (${error.method} ${path} answered 404): a Status Page API base URL ends in /api/v2; try --base-url ${server}/api/v2.`;
    }
    return `No status page "${target.subdomain}" on ${server} (${error.method} ${path} answered 404): check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region (--region us or eu).`;
  }
  if (error.networkCode === 'ENOTFOUND' || error.networkCode === 'EAI_AGAIN') {
    const host = (() => {
      try {
        return new URL(target.baseUrl).hostname;
      } catch {
        return server;
      }
    })();
    return `The server ${host} could not be found (${error.networkCode}): check the address ${server} (--base-url or the account's region) and the network.`;
  }
  if (error.code === 'network' || error.code === 'timeout') return `${error.message} Server: ${server}.`;
  return null;
}
