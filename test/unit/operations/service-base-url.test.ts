import { describe, expect, it } from 'vitest';
import { normalizeServiceBaseUrl } from '../../../electron/core/operations/base-url';
import { resolveOAuthConfig } from '../../../electron/core/operations/oauth-config';
import { OperationsClient } from '../../../electron/core/operations/operations-client';
import { applyOperationsSettingsChange } from '../../../electron/core/operations/operations-settings';

const NAME = 'projects/p1/locations/us-central1/operations/op-1';
const tokenProvider = {
  checkDestination: async () => undefined,
  getAccessToken: async () => 't',
  refresh: async () => 't',
  describe: () => ({ kind: 'pasted' as const }),
};

describe('the operations service address', () => {
  it('an address ending in /v1 (as Google documents endpoints) does not become /v1/v1/…', () => {
    expect(normalizeServiceBaseUrl('https://migrationcenter.googleapis.com/v1')).toBe('https://migrationcenter.googleapis.com');
    expect(normalizeServiceBaseUrl('https://migrationcenter.googleapis.com/v1/')).toBe('https://migrationcenter.googleapis.com');
    expect(normalizeServiceBaseUrl('https://proxy.example/google/v1')).toBe('https://proxy.example/google');
    expect(new OperationsClient({ baseUrl: 'https://migrationcenter.googleapis.com/v1', tokenProvider }).urlFor(NAME)).toBe(
      `https://migrationcenter.googleapis.com/v1/${NAME}`,
    );
    expect(applyOperationsSettingsChange(undefined, { baseUrl: 'https://eu.example.com/v1/' }).baseUrl).toBe('https://eu.example.com');
  });
});

describe('the Google OAuth client', () => {
  it("requires the Desktop-app client secret, as Google's token endpoint does", () => {
    expect(() => resolveOAuthConfig({ clientId: 'abc.apps.googleusercontent.com' })).toThrow(/needs the client secret of your Desktop-app OAuth client/);
    expect(() => resolveOAuthConfig({ clientId: 'abc.apps.googleusercontent.com', clientSecret: '  ' })).toThrow(/client secret/);
    expect(resolveOAuthConfig({ clientId: 'abc.apps.googleusercontent.com', clientSecret: 'GOCSPX-x' }).clientSecret).toBe('GOCSPX-x');
  });
});
