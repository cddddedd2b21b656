import { describe, expect, it } from 'vitest';
import { httpUrlSchemaWith } from '../../../shared/validation/http-url';

describe('http(s) addresses from the user', () => {
  const any = httpUrlSchemaWith('Enter an address.');
  const bare = httpUrlSchemaWith('Enter a base address.', { bare: true });

  it('takes http and https addresses, trimmed', () => {
    expect(any.parse('  https://status.example.com/api/v2 ')).toBe('https://status.example.com/api/v2');
    expect(any.parse('http://127.0.0.1:4010/x?page=1')).toBe('http://127.0.0.1:4010/x?page=1');
  });

  it("refuses other schemes, credentials, non-URLs and overlong text with the caller's wording", () => {
    for (const value of ['ftp://example.com', 'javascript:alert(1)', 'https://user:pw@example.com', 'example.com', '', `https://e.com/${'a'.repeat(2000)}`]) {
      const result = any.safeParse(value);
      expect(result.success, value).toBe(false);
    }
    expect(any.safeParse('nope').error?.issues[0]?.message).toBe('Enter an address.');
  });

  it('bare: no query or fragment, which a client appending paths and a key would carry into every request', () => {
    expect(bare.safeParse('https://api.weglot.com').success).toBe(true);
    expect(bare.safeParse('https://api.weglot.com?api_key=x').success).toBe(false);
    expect(bare.safeParse('https://api.weglot.com#x').success).toBe(false);
  });
});
