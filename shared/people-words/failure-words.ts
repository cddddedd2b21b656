import { ERROR_CODES, type ErrorCode } from '../errors';
import { withoutDeveloperText } from './developer-text';

/*
 * The one place a failure becomes people's words, for the window and the command line alike: what failed
 * (the page's name, the incident's title: the caller says), why (the failure's own sentence, without operation
 * ids or paths, or a better one for a 404 once the caller says what it was about), and what to do.
 */

/** A failure as every layer can give it: an AppError, the IPC's error shape, an outbox entry's last error. */
interface FailureFacts {
  code: ErrorCode;
  message: string;
  status?: number | undefined;
  /** The system's code under a network failure (ENOTFOUND), when the error carries it. */
  networkCode?: string | undefined;
}

/** What the failed call was about, for the 404's words and the advice. */
export type FailureSubject = 'page' | 'provider' | 'item' | 'write' | 'account' | 'translation' | 'operations';

export interface FailureContext {
  /** What was being done, as the end of "Could not …": "check Acme Status", "add an update to “Database down”". */
  action?: string | undefined;
  subject?: FailureSubject | undefined;
  /** The subdomain the server knows the page by, for "there is no status page "acme"". */
  subdomain?: string | undefined;
  /** The server's address as it may be shown (no credentials). */
  server?: string | undefined;
  /** The item a 404 is about: "incident", "notice", "maintenance". */
  noun?: string | undefined;
  /** The item a write changes, in words ("incident “Database down”", write-description.ts), for its 404. */
  target?: string | null | undefined;
  /** Where the advice points: the window's screens (default), or the command line's options. */
  audience?: 'window' | 'cli' | undefined;
  /** Statusdesk tries again by itself (a watched page's checks: the default for a page); false before it is saved. */
  retried?: boolean | undefined;
}

export interface PeopleWords {
  /** "Could not check Acme Status"; null when the caller did not say what was being done. */
  what: string | null;
  why: string;
  /** What the user can do about it (the "to do" of the sentence), or null when nothing helps. */
  todo: string | null;
  /** All of it, as one or two sentences. */
  text: string;
}

const GENERIC_WHY: Record<ErrorCode, string> = {
  invalid_input: 'what was given is not valid',
  untrusted_sender: 'the request did not come from Statusdesk’s own window',
  unknown_channel: 'this version of Statusdesk cannot do that',
  network: 'the server could not be reached',
  timeout: 'the server did not answer in time',
  cancelled: 'it was cancelled',
  unauthorized: 'the key was not accepted',
  forbidden: 'the key may not do this',
  not_found: 'it is not there',
  rate_limited: 'the server asked to slow down',
  http: 'the server gave an answer Statusdesk did not expect',
  invalid_response: 'the answer could not be read',
  unsupported: 'the server does not offer this',
  conflict: 'it conflicts with what is there now',
  keychain_unavailable: 'the system keychain cannot be used',
  storage: 'a file of Statusdesk could not be read or written',
  internal: 'something went wrong inside Statusdesk',
};

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

/** Advice a sentence already gives: nothing is added after it. */
const ALREADY_ADVISES =
  /(^|[.;:(]\s*|—\s*|, )(check|add|set|use|try|enter|paste|sign in|discard|drop|edit|give|run|wait|fix|settle|see|open|quit|reload)\b|\bstatusdesk [a-z]+ /i;

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The facts of anything thrown or received: unknown things are an internal failure with nothing to show. */
function failureFacts(error: unknown): FailureFacts {
  if (error !== null && typeof error === 'object') {
    const record = error as { code?: unknown; message?: unknown; status?: unknown; networkCode?: unknown };
    if (isErrorCode(record.code) && typeof record.message === 'string') {
      return {
        code: record.code,
        message: record.message,
        ...(typeof record.status === 'number' ? { status: record.status } : {}),
        ...(typeof record.networkCode === 'string' ? { networkCode: record.networkCode } : {}),
      };
    }
  }
  return { code: 'internal', message: '' };
}

function hostOf(server: string): string {
  try {
    return new URL(server).hostname;
  } catch {
    return server;
  }
}

const endsInApi = (server: string) => /\/api\/v2\/?$/.test(server);

/** A 404 in the words of what it was about; null when the caller did not say. */
function notFoundWhy(facts: FailureFacts, context: FailureContext): string | null {
  if (facts.status !== 404) return null;
  const on = context.server ? ` on ${context.server}` : ' on the server';
  switch (context.subject) {
    case 'page':
      if (context.server && !endsInApi(context.server)) return `there is no status page API at ${context.server} (404)`;
      return context.subdomain ? `there is no status page "${context.subdomain}"${on} (404)` : `there is no such status page${on} (404)`;
    case 'provider':
      return `${context.server ?? 'the address'} has no status page in the Statuspage format (404)`;
    case 'item':
      return `the ${context.noun ?? 'item'} is not${context.subdomain ? ` on page ${context.subdomain}` : ' on the server'} (404)`;
    case 'write':
      return `${context.target ?? 'what it changes'} is not on the server (404)`;
    default:
      return null;
  }
}

function why(facts: FailureFacts, context: FailureContext): string {
  const said = withoutDeveloperText(facts.message).replace(/\.$/, '');
  if (facts.code === 'not_found') return notFoundWhy(facts, context) ?? (said || `${GENERIC_WHY.not_found}${facts.status ? ` (${facts.status})` : ''}`);
  if (facts.code === 'network' && facts.networkCode && DNS_CODES.has(facts.networkCode) && context.server) {
    return `the server ${hostOf(context.server)} could not be found (${facts.networkCode})`;
  }
  // Which server did not answer, when the caller knows it and the sentence does not say.
  if ((facts.code === 'network' || facts.code === 'timeout') && context.server && !said.includes(context.server)) {
    return `${said || GENERIC_WHY[facts.code]} at ${context.server}`;
  }
  return said || GENERIC_WHY[facts.code];
}

function adviceFor(facts: FailureFacts, context: FailureContext, reason: string): string | null {
  if (ALREADY_ADVISES.test(reason)) return null;
  const cli = context.audience === 'cli';
  const subject = context.subject;
  const status = facts.status;
  switch (facts.code) {
    case 'unauthorized':
      if (subject === 'translation') return cli ? 'check STATUSDESK_TRANSLATION_KEY' : 'check the translation key in Settings';
      if (subject === 'operations') return 'sign in again on the Operations screen';
      if (status === undefined) return null;
      return cli ? 'check the API key (STATUSDESK_API_KEY, or the key of --account NAME)' : "check the account's API key in Settings";
    case 'forbidden':
      if (status !== 403) return null;
      if (subject === 'write') {
        return cli
          ? 'use a read-write key (STATUSDESK_API_KEY, or --account with one)'
          : 'add a read-write key for this account in Settings, then retry, or discard the change';
      }
      return cli ? "use a key of the page's organization" : "check that the account's key belongs to this page's organization";
    case 'not_found':
      if (status !== 404) return null;
      if (subject === 'page') {
        if (context.server && !endsInApi(context.server)) {
          const fixed = `${context.server.replace(/\/+$/, '')}/api/v2`;
          return cli ? `a Status Page API base URL ends in /api/v2; try --base-url ${fixed}` : `a Status Page API address ends in /api/v2: try ${fixed}`;
        }
        return cli
          ? "check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region (--region us or eu)"
          : "check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region";
      }
      if (subject === 'provider') return "check the address: a provider's status page, such as https://status.example.com";
      if (subject === 'item') return cli ? 'check the id and the page' : 'it may have been deleted; reload the list';
      if (subject === 'write') return cli ? 'drop it' : 'discard this change';
      return null;
    case 'network':
    case 'timeout':
      if (facts.networkCode && DNS_CODES.has(facts.networkCode)) {
        return cli ? "check the address (--base-url or the account's region) and the network" : 'check the address and the network';
      }
      if (subject === 'write') return 'it is kept and sent when the server can be reached';
      if ((subject === 'page' || subject === 'provider') && context.retried !== false)
        return cli ? 'check the network' : 'Statusdesk keeps trying; check the network connection';
      if (subject === 'page' || subject === 'provider') return 'check the address and the network connection';
      return 'check the network connection and try again';
    case 'rate_limited':
      return subject === 'page' || subject === 'provider' || subject === 'write' ? 'Statusdesk tries again by itself' : 'try again in a little while';
    case 'http':
      if (status !== undefined && status >= 500) return 'try again later';
      if (status === 400 || status === 422) return subject === 'write' && !cli ? 'edit it and retry, or discard it' : 'correct it and try again';
      return null;
    case 'invalid_response':
      if (subject === 'provider') return "check that the address is a provider's status page (the Statuspage format)";
      if (subject === 'page') return 'check the address, and for a network that shows a sign-in page first';
      return 'try again later';
    default:
      return null;
  }
}

/** "The server…" stays as it is after a colon only when its second letter is a capital ("API key"). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "The server…"; an address at the start stays as it is written. */
function upperFirst(text: string): string {
  return /^[a-z][a-z+.-]*:\/\//.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** A failure in people's words: what failed, why, what to do. */
export function failureWords(error: unknown, context: FailureContext = {}): PeopleWords {
  const facts = failureFacts(error);
  const reason = why(facts, context);
  const advice = adviceFor(facts, context, reason);
  const what = context.action ? `Could not ${context.action}` : null;
  const first = what ? `${what}: ${lowerFirst(reason)}` : upperFirst(reason);
  const end = /[.!?]$/.test(first) ? '' : '.';
  return { what, why: reason, todo: advice, text: `${first}${end}${advice ? ` ${upperFirst(advice)}.` : ''}` };
}
