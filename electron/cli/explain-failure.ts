import { AppError } from '@shared/errors';
import { failureWords, type FailureContext } from '@shared/people-words/failure-words';
import { StatusPageApiError } from '@core/statuspal-client/errors';

/** Where a command's status page call went: enough to say which page and which server a failure was about. */
export interface CallTarget {
  baseUrl: string;
  subdomain?: string | undefined;
  /** A provider's public page by its address (`baseUrl`), not a Status Page API server. */
  provider?: boolean | undefined;
}

/** The address without any credentials, as it can be shown. */
function shownAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}

/** "{incidentId}" → "incident", "{infoNoticeId}" → "notice": the item a path's last parameter names. */
function nounOfPath(path: string): string | undefined {
  const last = [...path.matchAll(/\{([A-Za-z]+)\}/g)].at(-1)?.[1];
  if (!last || last === 'subdomain') return undefined;
  return last
    .replace(/Id$/, '')
    .replace(/^info(?=[A-Z])/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** What a status page call was about, judged from its path template (kept on the error for this, never shown). */
function contextOf(error: StatusPageApiError, target: CallTarget): FailureContext {
  if (target.provider) return { audience: 'cli', subject: 'provider', server: shownAddress(target.baseUrl) };
  const noun = nounOfPath(error.path);
  const pageLevel = error.path.includes('{subdomain}') && noun === undefined;
  return {
    audience: 'cli',
    server: shownAddress(target.baseUrl),
    subdomain: target.subdomain,
    ...(pageLevel ? { subject: 'page' as const } : noun ? { subject: 'item' as const, noun } : {}),
  };
}

/**
 * A failure in the command line's words (shared/people-words): which page, which server, why and the likely
 * fix, never an operation id or a path template. Null for what is not a typed failure (the caller says so).
 */
export function explainFailure(error: unknown, target: CallTarget | null): string | null {
  if (!(error instanceof AppError)) return null;
  const context: FailureContext = error instanceof StatusPageApiError && target !== null ? contextOf(error, target) : { audience: 'cli' };
  return failureWords(error, context).text;
}
