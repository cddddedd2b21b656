import { decodeSecret } from '@services/vault/secret-binding';
import type { SecretStore } from '@services/vault/secret-store';
import { redactSecrets } from '@services/security/redact';

/*
 * What the log redacts, through the one redactor (security/redact.ts): every secret this process has held
 * (the keychain's and the session's keys as they pass through the vault's stores, the command line's
 * environment keys), the query parameters that carry a secret whatever its value, and Authorization-style
 * credentials. Features log sentences, never bodies or keys; this is the net under that rule.
 */

/** Query parameters whose value is a secret (the translation key travels as api_key; OAuth's codes and tokens). */
export const SECRET_QUERY_PARAMS = ['api_key', 'apikey', 'key', 'token', 'access_token', 'refresh_token', 'id_token', 'code', 'client_secret', 'password'];

/** Credentials after their name, whatever their value: `Authorization: OAuth x`, `Bearer x`, `"refresh_token": "x"`. */
const CREDENTIALS: ReadonlyArray<[RegExp, string]> = [
  [/\b(authorization["']?\s*[:=]\s*["']?)(?:(bearer|oauth|basic)\s+)?[^\s"',;]+/gi, '$1$2 [redacted]'],
  [/\b(bearer|oauth)\s+[A-Za-z0-9._~+/=-]{16,}/gi, '$1 [redacted]'],
  [/\b((?:refresh|access|id)_token|client_secret|api[_-]?key|password|secret)(["']?\s*[:=]\s*["']?)(?!\[redacted\])[^\s"'&,;)}]+/gi, '$1$2[redacted]'],
];

/** The secrets a process has seen, to be redacted wherever they might appear. */
export class KnownSecrets {
  readonly #secrets = new Set<string>();

  add(secret: string | null | undefined): void {
    if (secret && secret.trim() !== '') this.#secrets.add(secret);
  }

  values(): Iterable<string> {
    return this.#secrets;
  }
}

/** A log line with every known secret, secret query value and named credential replaced. */
export function redactLogLine(line: string, known: KnownSecrets): string {
  let text = redactSecrets(line, known.values(), { queryParams: SECRET_QUERY_PARAMS });
  for (const [pattern, replacement] of CREDENTIALS) text = text.replace(pattern, replacement);
  return text.replace(/ {2}\[redacted\]/g, ' [redacted]');
}

/**
 * The same store, telling `known` of each secret read from it or written to it, so the log can redact a key
 * it never logged on purpose. The stored form carries the secret's binding: only the secret is noted.
 */
export function noteSecretsOf<S extends SecretStore>(store: S, known: KnownSecrets): S {
  const note = (stored: string | null) => {
    if (stored !== null) known.add(decodeSecret(stored).secret);
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'get' && typeof value === 'function') {
        return async (name: string) => {
          const stored = (await value.call(target, name)) as string | null;
          note(stored);
          return stored;
        };
      }
      if (property === 'set' && typeof value === 'function') {
        return async (name: string, stored: string) => {
          note(stored);
          return value.call(target, name, stored);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
