import { describe, expect, it } from 'vitest';
import { REGION_BASE_URLS, normalizeBaseUrl, regionSchema, resolveBaseUrl } from '../../../shared/statuspal';

describe('regions', () => {
  it('knows the two regional servers', () => {
    expect(resolveBaseUrl('us')).toBe('https://statuspal.io/api/v2');
    expect(resolveBaseUrl('eu')).toBe('https://statuspal.eu/api/v2');
    expect(REGION_BASE_URLS).toEqual({ us: 'https://statuspal.io/api/v2', eu: 'https://statuspal.eu/api/v2' });
  });

  it('accepts custom http(s) base URLs and strips the trailing slash', () => {
    expect(resolveBaseUrl({ baseUrl: 'http://127.0.0.1:4010/api/v2/' })).toBe('http://127.0.0.1:4010/api/v2');
    expect(normalizeBaseUrl('https://status.example.com')).toBe('https://status.example.com');
    expect(regionSchema.safeParse({ baseUrl: 'https://proxy.example.com/api/v2' }).success).toBe(true);
    expect(regionSchema.safeParse('eu').success).toBe(true);
  });

  it.each([
    'ftp://example.com/api',
    'javascript:alert(1)',
    'not a url',
    'https://user:pw@example.com/api/v2',
    'https://example.com/api?x=1',
    'https://example.com/api#x',
    // Plain http only on this computer: a custom server is read with a key or watched as a public page.
    'http://status.example.com/api/v2',
    'http://10.0.0.5/api/v2',
  ])('refuses %s', (baseUrl) => {
    expect(regionSchema.safeParse({ baseUrl }).success).toBe(false);
    expect(() => resolveBaseUrl({ baseUrl })).toThrow(TypeError);
  });

  it('refuses unknown region ids', () => {
    expect(regionSchema.safeParse('asia').success).toBe(false);
  });
});
