/**
 * The translation key travels in the query string, so anything that might have seen a URL (a low-level error
 * from fetch, a JSON parse error quoting a body) is copied through here before it is kept as a cause.
 */
const REDACTED = '[redacted]';

/** Replaces every secret (raw and URL-encoded) and any `api_key=` value in a text. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of new Set([secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)])) {
      out = out.split(form).join(REDACTED);
    }
  }
  return out.replace(/api_key=[^&\s'"`]*/gi, `api_key=${REDACTED}`);
}

/**
 * A plain copy of an error chain (name, message, code; at most four levels) with secrets removed. The original
 * objects are dropped: undici's errors can hold the request URL in fields we do not control.
 */
export function safeCause(error: unknown, secrets: readonly string[], depth = 0): Error | undefined {
  if (error === undefined || error === null || depth >= 4) return undefined;
  const record = typeof error === 'object' ? (error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown }) : {};
  const message = typeof record.message === 'string' ? record.message : String(error);
  const inner = safeCause(record.cause, secrets, depth + 1);
  const copy = new Error(redactText(message, secrets), inner === undefined ? undefined : { cause: inner });
  copy.name = typeof record.name === 'string' ? redactText(record.name, secrets) : 'Error';
  if (typeof record.code === 'string') (copy as Error & { code?: string }).code = redactText(record.code, secrets);
  // The copy's stack points here, not into fetch internals; it carries no URL either.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
