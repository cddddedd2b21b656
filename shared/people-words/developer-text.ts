import { RPC_STATUS_HTTP } from '../operations/rpc-error';

/*
 * What a developer reads in a failure and a person should not: the status page client's "operation (METHOD
 * path): " prefix (still in writes an older version stored in the outbox), a call in parentheses after a
 * service's name ("Translation service (POST /translate): "), a bare "GET /status_pages/acme/status", and a
 * path template's "{incidentId}", and an RPC status name (PERMISSION_DENIED: "permission denied"). Taken out
 * or spelled out, the sentence around them still reads.
 */

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE|HEAD)';
const OPERATION_PREFIX = new RegExp(`^[a-z][A-Za-z0-9]* \\(${METHOD} [^)]*\\):\\s*`);
const CALL_IN_PARENS = new RegExp(`\\s*\\(${METHOD} /[^)]*\\)`, 'g');
const BARE_CALL = new RegExp(`\\b${METHOD} /[^\\s,;)]*`, 'g');
const TEMPLATE = /\{[A-Za-z]+\}/g;
const RPC_STATUS = new RegExp(`\\b(?:${Object.keys(RPC_STATUS_HTTP).join('|')})\\b`, 'g');

/** The message without the parts only a developer reads; whitespace folded to single spaces. */
export function withoutDeveloperText(message: string): string {
  return message
    .replace(OPERATION_PREFIX, '')
    .replace(CALL_IN_PARENS, '')
    .replace(BARE_CALL, 'the request')
    .replace(TEMPLATE, '…')
    .replace(RPC_STATUS, (name) => name.toLowerCase().replace(/_/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
