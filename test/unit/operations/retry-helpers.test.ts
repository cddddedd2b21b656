import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl } from '../../../electron/core/operations/base-url';
import { parseRetryAfter } from '../../../electron/core/timing/retry-after';

describe('Retry-After', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('1.5')).toBe(1500);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
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
