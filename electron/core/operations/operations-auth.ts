import { AppError } from '@shared/errors';
import type { OperationsAuthStatus } from '@shared/operations/auth-status';
import type { TokenSourceKind } from '@shared/operations/token-source';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { detectApplicationDefaultCredentials, type AdcDetection } from './adc-detection';
import { AdcTokenProvider, type FoundAdc } from './adc-token-provider';
import type { ResolvedOperationsSettings } from './operations-settings';
import { PastedTokenProvider } from './pasted-token-provider';
import { GoogleSignInService } from './sign-in-service';
import { notingTokens, type AccessTokenProvider } from './token-provider';

export type OpenExternal = (url: string) => Promise<unknown> | unknown;

interface OperationsAuthOptions {
  vault: KeyVault;
  /** Read on every use, so a settings change applies at once. */
  settings: () => ResolvedOperationsSettings;
  /** The host's system-browser opener; absent when headless. */
  openExternal: () => OpenExternal | undefined;
  /** Where ADC are looked for (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  signInTimeoutMs?: number;
  /**
   * Where ADC's refresh token and client secret are exchanged: Google's token endpoint. Never the settings'
   * token endpoint, which the window sets; only code (tests: the simulator) names another.
   */
  adcTokenUrl?: string;
  /** Tells the redactor of a secret as it comes in: a pasted token, an access token, a client secret, ADC's. */
  note?: (secret: string) => void;
}

interface ActiveTokenSource {
  kind: Exclude<TokenSourceKind, 'environment'>;
  provider: AccessTokenProvider;
}

const NO_SOURCE = 'No access token for the operations service: sign in with Google, use Application Default Credentials, or paste a token for this session.';

/**
 * The app's token sources and the order they are used in: a Google sign-in first (it renews itself and
 * the user chose it in this app), then Application Default Credentials when the user turned them on, then
 * a token pasted for this session. The refresh token lives in the vault, access tokens only in memory here.
 */
export class OperationsAuth {
  readonly #options: OperationsAuthOptions;
  #service: GoogleSignInService | null = null;
  #serviceKey = '';
  #pending: AbortController | null = null;
  #pasted: PastedTokenProvider | null = null;
  #adc: { key: string; provider: AdcTokenProvider } | null = null;

  readonly #note: (secret: string) => void;

  constructor(options: OperationsAuthOptions) {
    this.#options = options;
    this.#note = options.note ?? (() => undefined);
  }

  /** The sign-in service for the current OAuth settings; rebuilt when they change. */
  #signInService(): GoogleSignInService | null {
    const { oauth } = this.#options.settings();
    if (!oauth) return null;
    if (oauth.clientSecret) this.#note(oauth.clientSecret);
    const key = JSON.stringify(oauth);
    if (!this.#service || this.#serviceKey !== key) {
      this.#service = new GoogleSignInService({
        oauth,
        vault: this.#options.vault,
        ...(this.#options.signInTimeoutMs === undefined ? {} : { timeoutMs: this.#options.signInTimeoutMs }),
      });
      this.#serviceKey = key;
    }
    return this.#service;
  }

  #detectAdc(): AdcDetection {
    return detectApplicationDefaultCredentials({
      ...(this.#options.env ? { env: this.#options.env } : {}),
      ...(this.#options.platform ? { platform: this.#options.platform } : {}),
    });
  }

  /**
   * After the service, token or revoke address or the client id changed: a sign-in is bound to the old ones,
   * so it is deleted (a new sign-in is needed), and a pasted token is forgotten when the service moved.
   * Says what it did, or null when nothing had to go.
   */
  async forgetCredentialsAfterMove(before: ResolvedOperationsSettings, after: ResolvedOperationsSettings): Promise<string | null> {
    const said: string[] = [];
    const signInMoved =
      before.baseUrl !== after.baseUrl ||
      before.tokenUrl !== after.tokenUrl ||
      before.revokeUrl !== after.revokeUrl ||
      before.oauth?.clientId !== after.oauth?.clientId;
    const boundTo = [after.tokenUrl, after.revokeUrl, after.baseUrl];
    if (signInMoved && (await this.#options.vault.deleteUnlessBoundTo(secretNames.googleRefreshToken(), boundTo, after.oauth?.clientId))) {
      this.#service?.tokenProvider.clear();
      said.push('The Google sign-in was removed because the addresses or the client it was made for changed: sign in again.');
    }
    if (before.baseUrl !== after.baseUrl && this.clearPastedToken()) said.push('The pasted access token was forgotten because the service address changed.');
    return said.length > 0 ? said.join(' ') : null;
  }

  #adcProvider(detection: FoundAdc): AdcTokenProvider {
    const tokenUrl = this.#options.adcTokenUrl;
    const key = `${detection.path}\n${tokenUrl ?? ''}`;
    for (const secret of detection.secrets) this.#note(secret);
    if (!this.#adc || this.#adc.key !== key) {
      this.#adc = { key, provider: new AdcTokenProvider({ detection, ...(tokenUrl ? { tokenUrl } : {}) }) };
    }
    return this.#adc.provider;
  }

  async #signedInStorage() {
    return (await this.#options.vault.describe(secretNames.googleRefreshToken())).storage;
  }

  async status(): Promise<OperationsAuthStatus> {
    const settings = this.#options.settings();
    const storage = await this.#signedInStorage();
    const detection = this.#detectAdc();
    const adc: OperationsAuthStatus['adc'] = detection.found
      ? { enabled: settings.useAdc, found: true, path: detection.path, ...(detection.account ? { account: detection.account } : {}) }
      : { enabled: settings.useAdc, found: false, reason: detection.reason };
    let active: OperationsAuthStatus['active'] = 'none';
    if (storage !== 'none') active = 'google-sign-in';
    else if (settings.useAdc && detection.found) active = 'application-default';
    else if (this.#pasted) active = 'pasted';
    return {
      active,
      ...(active === 'application-default' && adc.account ? { account: adc.account } : {}),
      signIn: { configured: Boolean(settings.oauth?.clientSecret), signedIn: storage !== 'none', storage, pending: this.#pending !== null },
      adc,
      pasted: this.#pasted !== null,
    };
  }

  /** The source to use now, in the order above; every token it hands out is noted. Throws when there is none. */
  async active(): Promise<ActiveTokenSource> {
    const source = await this.#active();
    return { kind: source.kind, provider: notingTokens(source.provider, this.#note) };
  }

  async #active(): Promise<ActiveTokenSource> {
    if ((await this.#signedInStorage()) !== 'none') {
      const service = this.#signInService();
      if (!service) {
        throw new AppError('invalid_input', 'Signed in with Google, but no OAuth client id is set any more. Set it in the service settings, or sign out.');
      }
      return { kind: 'google-sign-in', provider: service.tokenProvider };
    }
    if (this.#options.settings().useAdc) {
      const detection = this.#detectAdc();
      if (detection.found) return { kind: 'application-default', provider: this.#adcProvider(detection) };
    }
    if (this.#pasted) return { kind: 'pasted', provider: this.#pasted };
    throw new AppError('unauthorized', NO_SOURCE);
  }

  /** Runs the browser sign-in; resolves when it is done, refused, cancelled or timed out. */
  async signIn(options: { sessionOnly?: boolean } = {}): Promise<void> {
    const openExternal = this.#options.openExternal();
    if (!openExternal) {
      throw new AppError(
        'unsupported',
        'This Statusdesk cannot open the system browser, so Google sign-in is not available here. Paste an access token instead.',
      );
    }
    const service = this.#signInService();
    if (!service) throw new AppError('invalid_input', 'Set the OAuth client id in the service settings before signing in with Google.');
    if (this.#pending) throw new AppError('conflict', 'A Google sign-in is already waiting for the browser.');
    const controller = new AbortController();
    this.#pending = controller;
    try {
      await service.signIn({ openExternal, signal: controller.signal, ...(options.sessionOnly ? { sessionOnly: true } : {}) });
    } finally {
      this.#pending = null;
    }
  }

  cancelSignIn(): boolean {
    if (!this.#pending) return false;
    this.#pending.abort();
    return true;
  }

  /** Revokes at Google when the client is configured (best effort), and always deletes the saved sign-in. */
  async signOut(): Promise<{ message: string; revoked: boolean }> {
    this.cancelSignIn();
    const service = this.#signInService();
    if (service) {
      const result = await service.signOut();
      return { message: result.message, revoked: result.revoked };
    }
    const had = await this.#options.vault.delete(secretNames.googleRefreshToken());
    return {
      revoked: false,
      message: had
        ? 'Signed out on this computer. Google was not asked to revoke access because no OAuth client id is set; you can remove access at https://myaccount.google.com/permissions.'
        : 'Not signed in with Google.',
    };
  }

  /** Kept in this object only: never written anywhere, gone when the app quits. */
  pasteToken(token: string): void {
    this.#note(token);
    this.#pasted = new PastedTokenProvider(token, this.#options.settings().baseUrl);
  }

  clearPastedToken(): boolean {
    const had = this.#pasted !== null;
    this.#pasted = null;
    return had;
  }
}
