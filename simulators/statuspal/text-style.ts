/**
 * How the simulated server keeps the text it is sent. The real service does not document it (FACTS.md); servers
 * commonly change it on the way in, and a client that looks for its own write by comparing text must cope.
 *
 *   verbatim    kept as sent (the default).
 *   normalised  what a typical sanitising server keeps:
 *               - titles and names: trimmed, runs of whitespace squished to one space;
 *               - descriptions: <script> and <style> elements removed with their content, other tags removed
 *                 (a <br> or a closing block tag becomes a line break), the text re-escaped the way an HTML
 *                 sanitiser re-serialises it (`&` `<` `>` as entities), blank lines collapsed, trimmed.
 * This is written apart from the client's reading of stored text (the outbox's stored-text.ts) on purpose: the
 * two meet only through the API, as a real server and the app do.
 */
export type TextStyle = 'verbatim' | 'normalised';

type Obj = Record<string, unknown>;

const SQUISHED = new Set(['title', 'name']);
const SANITISED = new Set(['description', 'private_description']);

const squish = (text: string): string => text.split(/\s+/).filter(Boolean).join(' ');

function sanitise(text: string): string {
  const plain = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  const escaped = plain
    .replace(/&(?![a-z]+;|#\d+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return escaped
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

function restyle(value: unknown, key: string | null): unknown {
  if (typeof value === 'string' && key !== null) {
    if (SQUISHED.has(key)) return squish(value);
    if (SANITISED.has(key)) return sanitise(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => restyle(item, null));
  if (value !== null && typeof value === 'object') {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value as Obj)) out[k] = restyle(v, k);
    return out;
  }
  return value;
}

/** A request body as the server will keep it (unparseable or verbatim: unchanged). */
export function restyleBody(rawBody: string, style: TextStyle): string {
  if (style === 'verbatim' || rawBody.trim() === '') return rawBody;
  try {
    return JSON.stringify(restyle(JSON.parse(rawBody), null));
  } catch {
    return rawBody;
  }
}
