/*
 * One redactor for every secret the app holds (API keys, OAuth tokens, the translation key): whatever may
 * reach a message, a log, a file or the renderer goes through here first. A secret is replaced in its raw
 * form and in the two URL encodings a query string gives it; secrets shorter than 4 characters are left
 * alone, since replacing them would shred ordinary text without protecting anything.
 */

export const REDACTED = '[redacted]';
const MIN_SECRET_LENGTH = 4;

function formsOf(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)])];
}

/** The text with every form of every secret replaced. */
export function redactSecrets(text: string, secrets: Iterable<string | null | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of formsOf(secret)) if (result.includes(form)) result = result.split(form).join(REDACTED);
  }
  return result;
}

/** A parsed JSON value with the secrets replaced in every string and key. */
export function redactSecretsDeep(value: unknown, secrets: ReadonlyArray<string | null | undefined>): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactSecretsDeep(item, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactSecrets(k, secrets), redactSecretsDeep(v, secrets)]));
  }
  return value;
}
