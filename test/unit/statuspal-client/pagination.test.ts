import { describe, expect, it } from 'vitest';
import { resolvePageLink } from '../../../electron/core/statuspal-client';
import type { RequestContext } from '../../../electron/core/statuspal-client/errors';

const CTX: RequestContext = { operation: 'listIncidents', method: 'GET', path: '/status_pages/{subdomain}/incidents', kind: 'read' };
const BASE = 'https://statuspal.io/api/v2';
const CURRENT = `${BASE}/status_pages/acme/incidents?limit=20`;

describe('resolvePageLink', () => {
  it.each([
    ['https://statuspal.io/api/v2/status_pages/acme/incidents?after=abc', 'https://statuspal.io/api/v2/status_pages/acme/incidents?after=abc'],
    // The real service has been seen to send /api/v1/ in next links; they are followed as given.
    ['https://statuspal.io/api/v1/status_pages/acme/incidents?after=abc', 'https://statuspal.io/api/v1/status_pages/acme/incidents?after=abc'],
    ['/api/v2/status_pages/acme/incidents?after=abc', 'https://statuspal.io/api/v2/status_pages/acme/incidents?after=abc'],
    ['status_pages/acme/incidents?after=abc', 'https://statuspal.io/api/v2/status_pages/acme/incidents?after=abc'],
    ['?after=abc&limit=20', 'https://statuspal.io/api/v2/status_pages/acme/incidents?after=abc&limit=20'],
  ])('resolves %s', (link, expected) => {
    expect(resolvePageLink(link, BASE, CURRENT, CTX)).toBe(expected);
  });

  it.each([
    'https://evil.example.com/api/v2/status_pages/acme/incidents?after=abc',
    '//evil.example.com/api/v2/x',
    'http://statuspal.io/api/v2/status_pages/acme/incidents?after=abc', // scheme downgrade
    'https://statuspal.io:8443/api/v2/x',
    'https://statuspal.eu/api/v2/x',
  ])('refuses %s (another origin)', (link) => {
    expect(() => resolvePageLink(link, BASE, CURRENT, CTX)).toThrow(expect.objectContaining({ code: 'invalid_response' }));
  });

  it('keeps the port of a custom base URL', () => {
    expect(resolvePageLink('/api/v2/x?after=1', 'http://127.0.0.1:4010/api/v2', 'http://127.0.0.1:4010/api/v2/x', CTX)).toBe(
      'http://127.0.0.1:4010/api/v2/x?after=1',
    );
  });
});
