import { GoogleAuth, OAuth2Client, type AuthClient } from 'google-auth-library';
import { AppError } from '@shared/errors';
import { outboundFetch } from '@core/http/outbound';
import { CLOUD_PLATFORM_SCOPE, type TokenSource } from '@shared/operations/token-source';
import { detectApplicationDefaultCredentials, type AdcDetection, type AdcDetectionOptions } from './adc-detection';
import { oauthFailure } from './oauth-failure';
import { checkGoogleDestination } from './token-destination';
import { checkAccessToken, checkQuotaProject, type AccessTokenProvider } from './token-provider';

export type FoundAdc = Extract<AdcDetection, { found: true }>;

interface AdcTokenProviderOptions {
  detection: FoundAdc;
  /** Token endpoint override (tests: the simulator). Applies to authorized_user credentials. */
  tokenUrl?: string;
  requestTimeoutMs?: number;
}

/**
 * Application Default Credentials through google-auth-library's GoogleAuth, pinned to the file that
 * detection found, so what the user was shown is what is used.
 */
export class AdcTokenProvider implements AccessTokenProvider {
  readonly #detection: FoundAdc;
  readonly #auth: GoogleAuth;
  #client: Promise<AuthClient> | null = null;

  constructor(options: AdcTokenProviderOptions) {
    // The file's refresh token (and gcloud's client secret) go to the token endpoint: Google's, or loopback only.
    if (options.tokenUrl) checkGoogleDestination('Application Default Credentials', options.tokenUrl);
    this.#detection = options.detection;
    this.#auth = new GoogleAuth({
      keyFilename: options.detection.path,
      scopes: [CLOUD_PLATFORM_SCOPE],
      clientOptions: {
        // No redirect followed, the body capped: the file's refresh token and client secret go to one origin only.
        transporterOptions: { timeout: options.requestTimeoutMs ?? 30_000, fetchImplementation: outboundFetch },
        ...(options.tokenUrl ? { endpoints: { oauth2TokenUrl: options.tokenUrl } } : {}),
      },
    });
  }

  /** A provider when ADC are present (no network used to find out), else null. */
  static detect(options: AdcDetectionOptions & Omit<AdcTokenProviderOptions, 'detection'> = {}): AdcTokenProvider | null {
    const detection = detectApplicationDefaultCredentials(options);
    return detection.found ? new AdcTokenProvider({ ...options, detection }) : null;
  }

  #getClient(): Promise<AuthClient> {
    this.#client ??= this.#auth.getClient().catch(() => {
      this.#client = null;
      // The library's message may quote the file's content; the path is enough to act on.
      throw new AppError('unauthorized', `The Application Default Credentials in ${this.#detection.path} could not be loaded.`);
    });
    return this.#client;
  }

  async checkDestination(url: string): Promise<void> {
    checkGoogleDestination('Application Default Credentials', url);
  }

  async getAccessToken(): Promise<string> {
    const client = await this.#getClient();
    try {
      const { token } = await client.getAccessToken();
      return checkAccessToken(token, 'Application Default Credentials');
    } catch (error) {
      throw oauthFailure(error, 'Getting a token from Application Default Credentials', this.#detection.secrets, this.#unusable());
    }
  }

  async refresh(): Promise<string> {
    const client = await this.#getClient();
    try {
      // User and service-account credentials can be forced to renew; other kinds renew on their own schedule.
      if (client instanceof OAuth2Client) await client.refreshAccessToken();
      const { token } = await client.getAccessToken();
      return checkAccessToken(token, 'Application Default Credentials');
    } catch (error) {
      throw oauthFailure(error, 'Renewing the Application Default Credentials token', this.#detection.secrets, this.#unusable());
    }
  }

  /** The file's quota_project_id, or GOOGLE_CLOUD_QUOTA_PROJECT, as the library resolved it. */
  async quotaProject(): Promise<string | undefined> {
    const client = await this.#getClient();
    return checkQuotaProject(client.quotaProjectId);
  }

  #unusable(): string {
    return `The Application Default Credentials in ${this.#detection.path} could not produce an access token (incomplete or unsupported file).`;
  }

  describe(): TokenSource {
    return { kind: 'application-default', ...(this.#detection.account ? { account: this.#detection.account } : {}) };
  }
}
