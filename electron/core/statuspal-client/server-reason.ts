/*
 * What the server said about a refused request, from its error body, for the sentence people read. The
 * API documents `{"error": <status>}`; servers and proxies in front of them also send `{"errors": {"title":
 * ["can't be blank"]}}`, `{"errors": ["…"]}`, `{"error": "…"}`, `{"message": "…"}` or `{"detail": "…"}`. The
 * body is already secret-free (redacted by the client).
 */

const MAX_CHARS = 300;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null;
}

function fromList(values: unknown[]): string[] {
  return values.flatMap((value) => {
    const plain = text(value);
    if (plain) return [plain];
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const said = text(record.detail) ?? text(record.message) ?? text(record.title);
      return said ? [said] : [];
    }
    return [];
  });
}

function fromErrors(errors: unknown): string[] {
  if (Array.isArray(errors)) return fromList(errors);
  if (errors === null || typeof errors !== 'object') return text(errors) ? [text(errors)!] : [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([field, said]) => {
    const messages = Array.isArray(said) ? fromList(said) : text(said) ? [text(said)!] : [];
    return messages.map((message) => `${field.replace(/_/g, ' ')} ${message}`);
  });
}

/** The server's reason in one line, or null when its body gives none. */
export function serverReasonOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const error = record.error !== null && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : null;
  const parts = [...fromErrors(record.errors), ...(error ? fromErrors(error.errors) : [])];
  const said = parts.length > 0 ? parts.join('; ') : (text(record.error) ?? text(error?.message) ?? text(record.message) ?? text(record.detail));
  if (!said) return null;
  return said.length > MAX_CHARS ? `${said.slice(0, MAX_CHARS - 1)}…` : said;
}
