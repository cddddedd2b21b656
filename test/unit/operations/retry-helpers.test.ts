import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../../electron/services/operations/backoff';
import { normalizeBaseUrl } from '../../../electron/services/operations/base-url';
import { redactSecrets, serverSentence } from '../../../electron/services/operations/redact';
import { parseRetryAfter } from '../../../electron/services/timing/retry-after';

describe('retry helpers', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
  });

  it('uses full jitter under a doubling, capped ceiling', () => {
    const options = { baseDelayMs: 500, maxDelayMs: 3000, random: () => 0.999 };
    expect([0, 1, 2, 3, 4].map((i) => backoffDelayMs(i, options))).toEqual([499, 999, 1998, 2997, 2997]);
    expect(backoffDelayMs(2, { ...options, random: () => 0 })).toBe(0);
  });
});

describe('base URL', () => {
  it('normalises and keeps a path prefix', () => {
    expect(normalizeBaseUrl('https://migrationcenter.googleapis.com/')).toBe('https://migrationcenter.googleapis.com');
    expect(normalizeBaseUrl('https://proxy.example/gcp/')).toBe('https://proxy.example/gcp');
    expect(normalizeBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('refuses plain http off the loopback, credentials, queries', () => {
    expect(() => normalizeBaseUrl('http://example.com')).toThrow(/https/);
    expect(() => normalizeBaseUrl('https://u:p@example.com')).toThrow(/credentials/);
    expect(() => normalizeBaseUrl('https://example.com/?x=1')).toThrow(/query/);
    expect(() => normalizeBaseUrl('ftp://example.com')).toThrow();
    expect(() => normalizeBaseUrl('nope')).toThrow(/valid URL/);
  });
});

describe('redaction', () => {
  it('removes secrets, also across the length cut', () => {
    expect(redactSecrets('token ya29.abc leaked ya29.abc', ['ya29.abc'])).toBe('token [redacted] leaked [redacted]');
    const secret = 'S'.repeat(40);
    const text = `${'x'.repeat(290)}${secret}`;
    expect(serverSentence(text, [secret])).not.toContain('SSSS');
    expect(serverSentence('line\nbreak\u0000', [])).toBe('line break');
  });
});
