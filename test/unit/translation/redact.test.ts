import { describe, expect, it } from 'vitest';
import { redactText, safeCause } from '../../../electron/services/translation/redact';

describe('redaction of the translation key', () => {
  const key = 'wg_s3cr3t+key/==';

  it('removes the raw and URL-encoded key and any api_key value', () => {
    const text = `GET http://x/translate?api_key=${encodeURIComponent(key)} failed, key ${key}, other api_key=abc&x=1`;
    const out = redactText(text, [key]);
    expect(out).not.toContain(key);
    expect(out).not.toContain(encodeURIComponent(key));
    expect(out).not.toContain('abc');
    expect(out).toContain('x=1');
  });

  it('copies an error chain without the original objects or the key', () => {
    const inner = Object.assign(new Error(`connect to http://h/translate?api_key=${key}`), { code: 'ECONNRESET', url: `http://h/?api_key=${key}` });
    const outer = new TypeError('fetch failed', { cause: inner });
    const copy = safeCause(outer, [key])!;
    expect(copy.name).toBe('TypeError');
    expect((copy.cause as Error & { code?: string }).code).toBe('ECONNRESET');
    const all = [copy, copy.cause].map((e) => `${String(e)} ${JSON.stringify(e)} ${(e as Error).stack}`).join(' ');
    expect(all).not.toContain(key);
    expect(JSON.stringify(copy.cause)).not.toContain('url');
  });
});
