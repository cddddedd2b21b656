import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type AdcOrigin = 'GOOGLE_APPLICATION_CREDENTIALS' | 'gcloud';

export type AdcDetection =
  | {
      found: true;
      path: string;
      origin: AdcOrigin;
      /** The credential file's `type` (authorized_user, service_account, external_account, …). */
      type: string;
      /** The service account's email when the file names one; never a secret. */
      account?: string;
      /** The file's refresh token, client secret and private key: for the redactor only (not enumerable). */
      secrets: string[];
    }
  | { found: false; reason: string };

export interface AdcDetectionOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Used when HOME is not set. */
  homedir?: string;
}

/**
 * The well-known gcloud file, found the way google-auth-library finds it: CLOUDSDK_CONFIG first, then
 * %APPDATA%\gcloud on Windows or ~/.config/gcloud elsewhere.
 */
export function wellKnownAdcPath(options: AdcDetectionOptions = {}): string | null {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  let configDir = env['CLOUDSDK_CONFIG'];
  if (!configDir) {
    if (platform === 'win32') configDir = env['APPDATA'] ? path.join(env['APPDATA'], 'gcloud') : undefined;
    else {
      const home = env['HOME'] || options.homedir || os.homedir();
      configDir = home ? path.join(home, '.config', 'gcloud') : undefined;
    }
  }
  return configDir ? path.join(configDir, 'application_default_credentials.json') : null;
}

/** The kinds google-auth-library can load; any other `type` would be misread as a service account. */
const KNOWN_TYPES = new Set([
  'authorized_user',
  'service_account',
  'external_account',
  'external_account_authorized_user',
  'impersonated_service_account',
  'gdch_service_account',
]);

/** What in a credentials file is a secret. */
const SECRET_FIELDS = ['refresh_token', 'client_secret', 'private_key'];

function describeFile(file: string, origin: AdcOrigin): AdcDetection {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return { found: false, reason: `The credentials file ${file} could not be read as JSON.` };
  }
  const record = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const type = typeof record['type'] === 'string' ? record['type'] : '';
  if (!KNOWN_TYPES.has(type)) return { found: false, reason: `The credentials file ${file} is not of a known credentials type.` };
  const account = type === 'service_account' && typeof record['client_email'] === 'string' ? record['client_email'] : undefined;
  const secrets = SECRET_FIELDS.map((field) => record[field]).filter((value): value is string => typeof value === 'string' && value !== '');
  const found = { found: true as const, path: file, origin, type, ...(account ? { account } : {}) };
  // Not enumerable: a detection logged, compared or sent somewhere by mistake does not carry them.
  return Object.defineProperty(found, 'secrets', { value: secrets, enumerable: false }) as typeof found & { secrets: string[] };
}

/**
 * Whether Application Default Credentials are present, without any network call: the file named by
 * GOOGLE_APPLICATION_CREDENTIALS (which, when set, is the only place the library looks), else gcloud's
 * well-known file. The metadata server of a cloud VM is not probed, since that needs the network.
 */
export function detectApplicationDefaultCredentials(options: AdcDetectionOptions = {}): AdcDetection {
  const env = options.env ?? process.env;
  const named = env['GOOGLE_APPLICATION_CREDENTIALS'];
  if (named) {
    if (!isFile(named)) return { found: false, reason: `GOOGLE_APPLICATION_CREDENTIALS names ${named}, which is not a file.` };
    return describeFile(named, 'GOOGLE_APPLICATION_CREDENTIALS');
  }
  const wellKnown = wellKnownAdcPath(options);
  if (wellKnown && isFile(wellKnown)) return describeFile(wellKnown, 'gcloud');
  return {
    found: false,
    reason: 'No Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS is not set and `gcloud auth application-default login` has not been run.',
  };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
