import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsDeep } from '../../../electron/services/security/redact';

describe('the one redactor', () => {
  it('replaces a secret raw and in both URL encodings, and leaves very short strings alone', () => {
    const key = 'k3y+with/slash=';
    const text = `raw ${key} uri ${encodeURIComponent(key)} form ${new URLSearchParams({ k: key }).toString().slice(2)}`;
    expect(redactSecrets(text, [key, undefined, null, 'ab'])).toBe('raw [redacted] uri [redacted] form [redacted]');
    expect(redactSecrets('about', ['ab'])).toBe('about');
  });

  it('walks parsed JSON, keys included', () => {
    expect(redactSecretsDeep({ error: 'bad key sk-12345', ['sk-12345']: [1, 'sk-12345'] }, ['sk-12345'])).toEqual({ error: 'bad key [redacted]', '[redacted]': [1, '[redacted]'] });
  });
});
