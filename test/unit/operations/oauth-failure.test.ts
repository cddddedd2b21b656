import { describe, expect, it } from 'vitest';
import { oauthFailure } from '../../../electron/core/operations/oauth-failure';

/** The shape gaxios gives an OAuth error answer: status and the JSON body Google's token endpoint sends. */
const answer = (status: number, data: Record<string, string>) =>
  Object.assign(new Error('request failed'), { name: 'GaxiosError', response: { status, data } });

describe('oauthFailure', () => {
  it('explains invalid_grant, including the 7-day expiry of a consent screen in Testing', () => {
    const error = oauthFailure(answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }), 'Renewing the Google sign-in');
    expect(error).toMatchObject({ code: 'unauthorized', status: 400 });
    expect(error.message).toMatch(
      /^Renewing the Google sign-in: Google no longer accepts this sign-in \(invalid_grant: Token has been expired or revoked\.\)\. Sign in again\./,
    );
    expect(error.message).toMatch(/consent screen is in Testing, where Google expires sign-ins after 7 days/);
  });

  it('names the missing client secret when Google says so', () => {
    const error = oauthFailure(answer(400, { error: 'invalid_request', error_description: 'client_secret is missing.' }), 'Signing in');
    expect(error.message).toBe(
      "Signing in: Google requires the OAuth client secret (invalid_request: client_secret is missing.). Enter the Desktop-app client's secret in the service settings.",
    );
  });
});
