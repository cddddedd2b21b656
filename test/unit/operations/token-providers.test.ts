import { describe, expect, it } from 'vitest';
import { EnvTokenProvider } from '../../../electron/core/operations/env-token-provider';
import { oauthFailure } from '../../../electron/core/operations/oauth-failure';
import { PastedTokenProvider } from '../../../electron/core/operations/pasted-token-provider';
import { AppError } from '../../../shared/errors';

describe('pasted token', () => {
  it('is used as given (trimmed) and cannot be refreshed', async () => {
    const provider = new PastedTokenProvider('  ya29.pasted-token-value \n', 'https://migrationcenter.googleapis.com');
    await expect(provider.getAccessToken()).resolves.toBe('ya29.pasted-token-value');
    await expect(provider.refresh()).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/paste a new token/i) });
    expect(provider.describe()).toEqual({ kind: 'pasted' });
  });

  it('refuses text that cannot be a header value, without quoting it', () => {
    let error: unknown;
    try {
      new PastedTokenProvider('ya29.first\r\nX-Evil: 1', 'https://migrationcenter.googleapis.com');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).not.toContain('ya29.first');
    expect(() => new PastedTokenProvider('   ', 'https://migrationcenter.googleapis.com')).toThrow(AppError);
  });
});

describe('environment token', () => {
  it('reads STATUSDESK_ACCESS_TOKEN when needed and refreshes only when it changed', async () => {
    const env: NodeJS.ProcessEnv = {};
    const provider = new EnvTokenProvider({ env });
    expect(provider.isSet()).toBe(false);
    await expect(provider.getAccessToken()).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('STATUSDESK_ACCESS_TOKEN') });
    env['STATUSDESK_ACCESS_TOKEN'] = 'ya29.first-token';
    await expect(provider.getAccessToken()).resolves.toBe('ya29.first-token');
    await expect(provider.refresh()).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/set a new one/i) });
    env['STATUSDESK_ACCESS_TOKEN'] = 'ya29.second-token';
    await expect(provider.refresh()).resolves.toBe('ya29.second-token');
    expect(provider.describe()).toEqual({ kind: 'environment' });
  });
});

describe('OAuth failures', () => {
  it('keeps only the OAuth error fields and never the request (which holds tokens)', () => {
    const raw = Object.assign(new Error('request to https://oauth2.googleapis.com/revoke?token=1//secret-refresh failed'), {
      config: { url: 'https://oauth2.googleapis.com/revoke?token=1//secret-refresh', data: 'refresh_token=1//secret-refresh' },
      response: { status: 400, data: { error: 'invalid_grant', error_description: 'Token 1//secret-refresh has been expired or revoked.' } },
    });
    const error = oauthFailure(raw, 'Renewing', ['1//secret-refresh']);
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/invalid_grant/);
    expect(error.message).not.toContain('1//secret-refresh');
    expect(error.cause).toBeUndefined();
    expect(JSON.stringify(error.toShape())).not.toContain('secret-refresh');
  });

  it('names network failures and timeouts', () => {
    expect(oauthFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'Revoking').toShape()).toEqual({
      code: 'network',
      message: 'Revoking: the sign-in server could not be reached (ECONNREFUSED).',
    });
    expect(oauthFailure(Object.assign(new Error('x'), { name: 'TimeoutError' }), 'Revoking').code).toBe('timeout');
  });
});
