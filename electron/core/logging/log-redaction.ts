import { redactSecrets } from '@core/security/redact';
import type { KnownSecrets } from '@core/security/known-secrets';

/*
 * What the log redacts, through the one redactor (security/redact.ts): every secret this process has held
 * (security/known-secrets.ts: what the vault keeps or hands out, tokens, client
 * secrets, the command line's environment keys), the query parameters that carry a secret whatever its value, and Authorization-style
 * credentials. Features log sentences, never bodies or keys; this is the net under that rule.
 */

/** Query parameters whose value is a secret (the translation key travels as api_key; OAuth's codes and tokens). */
const SECRET_QUERY_PARAMS = ['api_key', 'apikey', 'key', 'token', 'access_token', 'refresh_token', 'id_token', 'code', 'client_secret', 'password'];

/** Credentials after their name, whatever their value: `Authorization: OAuth x`, `Bearer x`, `"refresh_token": "x"`. */
const CREDENTIALS: ReadonlyArray<[RegExp, string]> = [
  [/\b(authorization["']?\s*[:=]\s*["']?)(?:(bearer|oauth|basic)\s+)?[^\s"',;]+/gi, '$1$2 [redacted]'],
  [/\b(bearer|oauth)\s+[A-Za-z0-9._~+/=-]{16,}/gi, '$1 [redacted]'],
  [/\b((?:refresh|access|id)_token|client_secret|api[_-]?key|password|secret)(["']?\s*[:=]\s*["']?)(?!\[redacted\])[^\s"'&,;)}]+/gi, '$1$2[redacted]'],
];

/** A log line with every known secret, secret query value and named credential replaced. */
export function redactLogLine(line: string, known: KnownSecrets): string {
  let text = redactSecrets(line, known.values(), { queryParams: SECRET_QUERY_PARAMS });
  for (const [pattern, replacement] of CREDENTIALS) text = text.replace(pattern, replacement);
  return text.replace(/ {2}\[redacted\]/g, ' [redacted]');
}
