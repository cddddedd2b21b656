import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectApplicationDefaultCredentials } from '../../../electron/core/operations/adc-detection';
import { AdcTokenProvider } from '../../../electron/core/operations/adc-token-provider';
import { OperationsClient } from '../../../electron/core/operations/operations-client';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { makeTempDir } from '../../support/temp-dir';

const op = (id: string) => `projects/demo/locations/global/operations/${id}`;

let sim: OperationsSimulator;
let temp: ReturnType<typeof makeTempDir>;
beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: [op('x'), op('y')] });
  temp = makeTempDir('statusdesk-adc-');
});
afterEach(async () => {
  await sim.close();
  temp.remove();
});

/** What `gcloud auth application-default login` writes, issued by the fake OAuth server. */
function writeAuthorizedUserFile(home: string, extra: Record<string, string> = {}): string {
  const file = path.join(home, '.config', 'gcloud', 'application_default_credentials.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({
      type: 'authorized_user',
      client_id: sim.oauth.clientId,
      client_secret: sim.oauth.clientSecret,
      refresh_token: sim.issueRefreshToken(),
      ...extra,
    }),
  );
  return file;
}

describe('Application Default Credentials', () => {
  it('are detected without network and used through GoogleAuth', async () => {
    const file = writeAuthorizedUserFile(temp.dir);
    const detection = detectApplicationDefaultCredentials({ env: { HOME: temp.dir }, platform: 'linux' });
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as { refresh_token: string; client_secret: string };
    // The file's secrets are there for the redactor only: not enumerable, so never serialised with the rest.
    expect(detection).toEqual({ found: true, path: file, origin: 'gcloud', type: 'authorized_user' });
    expect(detection.found && detection.secrets).toEqual([written.refresh_token, written.client_secret]);
    expect(JSON.stringify(detection)).not.toContain(written.refresh_token);
    expect(sim.requests()).toEqual([]);

    const provider = AdcTokenProvider.detect({ env: { HOME: temp.dir }, platform: 'linux', tokenUrl: sim.oauth.tokenUrl })!;
    expect(provider.describe()).toEqual({ kind: 'application-default' });
    const client = new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: provider });
    await expect(client.forget(op('x'))).resolves.toMatchObject({ outcome: 'forgotten' });
    expect(sim.requests('token').map((r) => [r.grantType, r.status])).toEqual([['refresh_token', 200]]);

    // A token the server stopped accepting: 401, forced refresh, success.
    sim.expireAllTokens();
    await expect(client.forget(op('y'))).resolves.toMatchObject({ outcome: 'forgotten', attempts: 2 });
    expect(sim.requests('token')).toHaveLength(2);
  });

  it("send the quota project of the credentials as x-goog-user-project, as Google's library does", async () => {
    // `gcloud auth application-default set-quota-project billing-proj` writes this field.
    writeAuthorizedUserFile(temp.dir, { quota_project_id: 'billing-proj' });
    const provider = AdcTokenProvider.detect({ env: { HOME: temp.dir }, platform: 'linux', tokenUrl: sim.oauth.tokenUrl })!;
    await new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: provider }).forget(op('x'));
    expect(sim.requests('delete').map((r) => r.quotaProject)).toEqual(['billing-proj']);
  });

  it('send no quota project header when the credentials name none', async () => {
    writeAuthorizedUserFile(temp.dir);
    const provider = AdcTokenProvider.detect({ env: { HOME: temp.dir }, platform: 'linux', tokenUrl: sim.oauth.tokenUrl })!;
    await new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: provider }).forget(op('x'));
    expect(sim.requests('delete')[0]).not.toHaveProperty('quotaProject');
  });

  it('are absent when there is no file, and a provider is not offered', () => {
    expect(AdcTokenProvider.detect({ env: { HOME: temp.dir }, platform: 'linux' })).toBeNull();
  });

  it('fail with the file path, not its content, when the file is unusable', async () => {
    const file = path.join(temp.dir, 'creds.json');
    // A service account file without its key: loads, then cannot sign a token request.
    fs.writeFileSync(file, JSON.stringify({ type: 'service_account', client_id: 'do-not-show' }));
    const detection = detectApplicationDefaultCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: file } });
    expect(detection.found).toBe(true);
    const provider = new AdcTokenProvider({ detection: detection as Extract<typeof detection, { found: true }> });
    const error = await provider.getAccessToken().then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error).toMatchObject({ code: 'unauthorized' });
    expect(error!.message).toContain(file);
    expect(error!.message).not.toContain('do-not-show');
  });
});
