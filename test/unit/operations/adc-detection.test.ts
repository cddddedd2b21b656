import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectApplicationDefaultCredentials, wellKnownAdcPath } from '../../../electron/core/operations/adc-detection';
import { makeTempDir } from '../../support/temp-dir';

const temps: Array<() => void> = [];
afterEach(() => {
  for (const remove of temps.splice(0)) remove();
});

function tempDir(): string {
  const { dir, remove } = makeTempDir('statusdesk-adc-');
  temps.push(remove);
  return dir;
}

describe('Application Default Credentials detection (no network)', () => {
  it('finds the file named by GOOGLE_APPLICATION_CREDENTIALS and names a service account', () => {
    const file = path.join(tempDir(), 'sa.json');
    fs.writeFileSync(file, JSON.stringify({ type: 'service_account', client_email: 'bot@p.iam.gserviceaccount.com', private_key: 'SECRET' }));
    const found = detectApplicationDefaultCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: file } });
    expect(found).toEqual({
      found: true,
      path: file,
      origin: 'GOOGLE_APPLICATION_CREDENTIALS',
      type: 'service_account',
      account: 'bot@p.iam.gserviceaccount.com',
    });
    expect(JSON.stringify(found)).not.toContain('SECRET');
  });

  it('does not fall back when GOOGLE_APPLICATION_CREDENTIALS names a missing file (the library would not)', () => {
    const home = tempDir();
    fs.mkdirSync(path.join(home, '.config', 'gcloud'), { recursive: true });
    fs.writeFileSync(path.join(home, '.config', 'gcloud', 'application_default_credentials.json'), '{"type":"authorized_user"}');
    const found = detectApplicationDefaultCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: path.join(home, 'missing.json'), HOME: home } });
    expect(found).toMatchObject({ found: false, reason: expect.stringContaining('not a file') });
  });

  it("finds gcloud's well-known file under HOME, CLOUDSDK_CONFIG or APPDATA", () => {
    const home = tempDir();
    const file = path.join(home, '.config', 'gcloud', 'application_default_credentials.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ type: 'authorized_user', client_id: 'c', client_secret: 's', refresh_token: 'r' }));
    expect(detectApplicationDefaultCredentials({ env: { HOME: home }, platform: 'linux' })).toEqual({
      found: true,
      path: file,
      origin: 'gcloud',
      type: 'authorized_user',
    });

    expect(wellKnownAdcPath({ env: { CLOUDSDK_CONFIG: '/cfg', HOME: home }, platform: 'linux' })).toBe(
      path.join('/cfg', 'application_default_credentials.json'),
    );
    expect(wellKnownAdcPath({ env: { APPDATA: 'C:/Users/u/AppData/Roaming' }, platform: 'win32' })).toBe(
      path.join('C:/Users/u/AppData/Roaming', 'gcloud', 'application_default_credentials.json'),
    );
  });

  it('reports absence and unreadable files plainly', () => {
    const home = tempDir();
    expect(detectApplicationDefaultCredentials({ env: { HOME: home }, platform: 'linux' })).toMatchObject({
      found: false,
      reason: expect.stringContaining('application-default login'),
    });
    const bad = path.join(home, 'bad.json');
    fs.writeFileSync(bad, 'not json');
    expect(detectApplicationDefaultCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: bad } })).toMatchObject({ found: false });
    fs.writeFileSync(bad, '{"type":"mystery"}');
    expect(detectApplicationDefaultCredentials({ env: { GOOGLE_APPLICATION_CREDENTIALS: bad } })).toMatchObject({
      found: false,
      reason: expect.stringContaining('not of a known credentials type'),
    });
  });
});
