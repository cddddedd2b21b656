/*
 * One redactor for every secret the app holds (API keys, OAuth tokens, the translation key): whatever may
 * reach a message, a log, a file or the renderer goes through here first. A secret is replaced in its raw
 * form, in the two URL encodings a query string gives it, and in base64; secrets shorter than 4 characters are left
 * alone, since replacing them would shred ordinary text without protecting anything.
 */

export const REDACTED = '[redacted]';
const MIN_SECRET_LENGTH = 4;

/** Below this length a secret's base64 forms are too short to replace without shredding ordinary text. */
const MIN_BASE64_SECRET_LENGTH = 8;

/** Every form of a secret the redactor replaces; none for one too short to replace. */
export function secretForms(secret: string): string[] {
  return secret.length < MIN_SECRET_LENGTH ? [] : formsOf(secret);
}

function formsOf(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)];
  if (secret.length >= MIN_BASE64_SECRET_LENGTH) forms.push(...base64Forms(secret));
  return [...new Set(forms)];
}

/**
 * A server that echoes a key back base64-encoded (an `Authorization: Basic …` it quotes, a JWT-ish token id)
 * must not get it into a stored error. The secret's base64 depends on where it starts within the encoded
 * bytes, so each of the three alignments is replaced, cut to the characters that come from the secret
 * alone, in the standard and the URL-safe alphabet.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (const lead of [0, 1, 2]) {
    const total = lead + bytes.length;
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64');
    const start = [0, 2, 3][lead]!;
    const end = Math.floor(total / 3) * 4 + (total % 3);
    const core = encoded.slice(start, end);
    forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}

export interface RedactOptions {
  /**
   * Query parameters whose value is a secret whatever it is (the translation key travels as `api_key`):
   * their values are replaced even when the secret itself is not known, e.g. a key the user mistyped.
   */
  queryParams?: readonly string[];
}

/** The text with every form of every secret replaced. */
export function redactSecrets(text: string, secrets: Iterable<string | null | undefined>, options: RedactOptions = {}): string {
  let result = text;
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of formsOf(secret)) if (result.includes(form)) result = result.split(form).join(REDACTED);
  }
  for (const name of options.queryParams ?? []) {
    result = result.replace(new RegExp(`\\b${escapeRegExp(name)}=[^&\\s'"\`]*`, 'gi'), `${name}=${REDACTED}`);
  }
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A server's sentence made safe to show: one line, no control characters, bounded, secrets removed. */
export function oneSafeLine(text: string, secrets: Iterable<string | null | undefined>, options: RedactOptions & { maxLength?: number } = {}): string {
  // Redacted before cutting, so a secret that straddles the cut cannot leave a prefix behind.
  const line = redactSecrets(text, secrets, options)
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const max = options.maxLength ?? 300;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A plain copy of an error chain (name, message, code; at most four levels) with secrets removed. The original
 * objects are dropped: undici's errors can hold the request URL in fields we do not control.
 */
export function safeErrorCopy(error: unknown, secrets: readonly string[], options: RedactOptions = {}, depth = 0): Error | undefined {
  if (error === undefined || error === null || depth >= 4) return undefined;
  const redact = (text: string) => redactSecrets(text, secrets, options);
  const record = typeof error === 'object' ? (error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown }) : {};
  const message = typeof record.message === 'string' ? record.message : String(error);
  const inner = safeErrorCopy(record.cause, secrets, options, depth + 1);
  const copy = new Error(redact(message), inner === undefined ? undefined : { cause: inner });
  copy.name = typeof record.name === 'string' ? redact(record.name) : 'Error';
  if (typeof record.code === 'string') (copy as Error & { code?: string }).code = redact(record.code);
  // The copy's stack points here, not into fetch internals; it carries no URL either.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
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
