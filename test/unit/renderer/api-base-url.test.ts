import { describe, expect, it } from 'vitest';
import { suggestApiBaseUrl } from '../../../renderer/src/components/api-base-url';

describe('suggestApiBaseUrl', () => {
  it.each([
    ['https://status.example.com', 'https://status.example.com/api/v2'],
    ['https://status.example.com/', 'https://status.example.com/api/v2'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010/api/v2'],
    ['https://example.com/statuspal', 'https://example.com/statuspal/api/v2'],
    ['https://example.com/api', 'https://example.com/api/v2'],
    ['https://example.com/api/v1/', 'https://example.com/api/v2'],
  ])('%s → %s', (typed, expected) => {
    expect(suggestApiBaseUrl(typed)).toBe(expected);
  });

  it.each(['https://statuspal.io/api/v2', 'https://statuspal.io/api/v2/', ' http://127.0.0.1:4010/api/v2', 'not a url', 'ftp://example.com', ''])(
    'nothing to suggest for %j',
    (typed) => {
      expect(suggestApiBaseUrl(typed)).toBeNull();
    },
  );
});
