import { oneSafeLine } from '@core/security/redact';
import { TRANSLATION_REDACTION } from './redaction';

const MAX_SENTENCE = 300;

/**
 * The service's own sentence from an error body, whatever its shape: API 1.0 documents no error body, so a
 * JSON `error` / `message` / `error.message` / `error_description` field, else short plain text. Control
 * characters are dropped, the key is redacted, and the length is capped: the body is untrusted.
 */
export function serverMessageOf(body: string | undefined, secrets: readonly string[] = []): string | undefined {
  const text = body?.trim() ?? '';
  if (text === '') return undefined;
  let sentence: string | undefined;
  try {
    sentence = pick(JSON.parse(text));
  } catch {
    // Not JSON: an HTML error page says nothing useful, plain text may.
    sentence = /^\s*</.test(text) ? undefined : text;
  }
  if (sentence === undefined) return undefined;
  const clean = oneSafeLine(sentence, secrets, { ...TRANSLATION_REDACTION, maxLength: MAX_SENTENCE });
  return clean === '' ? undefined : clean;
}

function pick(json: unknown): string | undefined {
  if (typeof json === 'string') return json;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  for (const field of ['error', 'message', 'error_description', 'detail', 'errors']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (value !== null && typeof value === 'object') {
      const inner = Array.isArray(value) ? pick(value[0]) : pick(value);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}
