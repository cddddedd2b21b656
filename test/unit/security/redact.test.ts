import { describe, expect, it } from 'vitest';
import { REDACTED, oneSafeLine, redactSecrets, redactSecretsDeep, safeErrorCopy } from '../../../electron/core/security/redact';

describe('the one redactor', () => {
  it('replaces a secret raw and in both URL encodings, and leaves very short strings alone', () => {
    const key = 'k3y+with/slash=';
    const text = `raw ${key} uri ${encodeURIComponent(key)} form ${new URLSearchParams({ k: key }).toString().slice(2)}`;
    expect(redactSecrets(text, [key, undefined, null, 'ab'])).toBe('raw [redacted] uri [redacted] form [redacted]');
    expect(redactSecrets('about', ['ab'])).toBe('about');
  });

  it('walks parsed JSON, keys included', () => {
    expect(redactSecretsDeep({ error: 'bad key sk-12345', ['sk-12345']: [1, 'sk-12345'] }, ['sk-12345'])).toEqual({
      error: 'bad key [redacted]',
      '[redacted]': [1, '[redacted]'],
    });
  });

  it('replaces the value of a named query parameter even when the secret itself is not known', () => {
    const key = 'wg_s3cr3t+key/==';
    const text = `GET http://x/translate?api_key=${encodeURIComponent(key)} failed, key ${key}, other api_key=abc&x=1`;
    const out = redactSecrets(text, [key], { queryParams: ['api_key'] });
    expect(out).not.toContain(key);
    expect(out).not.toContain(encodeURIComponent(key));
    expect(out).not.toContain('abc');
    expect(out).toContain('x=1');
    expect(redactSecrets('my_api_key=1 api_key=2', [], { queryParams: ['api_key'] })).toBe('my_api_key=1 api_key=[redacted]');
  });

  it('makes a server sentence one bounded line, redacted before it is cut', () => {
    const secret = 'S'.repeat(40);
    expect(oneSafeLine(`${'x'.repeat(290)}${secret}`, [secret])).not.toContain('SSSS');
    expect(oneSafeLine('line\nbreak\u0000  twice', [])).toBe('line break twice');
    expect(oneSafeLine('y'.repeat(400), [], { maxLength: 50 })).toHaveLength(50);
  });

  it('copies an error chain without the original objects or the secret', () => {
    const key = 'wg_s3cr3t+key/==';
    const inner = Object.assign(new Error(`connect to http://h/translate?api_key=${key}`), { code: 'ECONNRESET', url: `http://h/?api_key=${key}` });
    const outer = new TypeError('fetch failed', { cause: inner });
    const copy = safeErrorCopy(outer, [key], { queryParams: ['api_key'] })!;
    expect(copy.name).toBe('TypeError');
    expect((copy.cause as Error & { code?: string }).code).toBe('ECONNRESET');
    const all = [copy, copy.cause].map((e) => `${String(e)} ${JSON.stringify(e)} ${(e as Error).stack}`).join(' ');
    expect(all).not.toContain(key);
    expect(JSON.stringify(copy.cause)).not.toContain('url');
  });

  it('replaces a key a server echoes back base64-encoded, wherever it sits in the encoded bytes', () => {
    const key = 'sk_live_9f8e7d6c5b4a';
    for (const prefix of ['', 'u', 'us', 'user:', 'Authorization: ']) {
      for (const encode of [(b: Buffer) => b.toString('base64'), (b: Buffer) => b.toString('base64url')]) {
        const echoed = encode(Buffer.from(`${prefix}${key}`));
        const text = redactSecrets(`the server says: invalid credentials ${echoed} (echoed)`, [key]);
        expect(text, `${prefix}|${echoed}`).toContain(REDACTED);
        // What is left cannot be decoded back to the key.
        const left = text.match(/credentials (\S*) \(echoed\)/)![1]!.replace(REDACTED, '');
        expect(Buffer.from(left, 'base64').toString('latin1')).not.toContain(key.slice(2, -2));
      }
    }
    expect(redactSecrets(encodeURIComponent(key), [key])).toBe(REDACTED);
    // Short secrets keep to their raw forms: their base64 would match ordinary words.
    expect(redactSecrets('abcd YWJjZA==', ['abcd'])).toBe(`${REDACTED} YWJjZA==`);
  });
});
