import { AppError } from '@shared/errors';
import type { TokenSource } from '@shared/operations/token-source';
import { bindingFor, checkDestination, type SecretBinding } from '@core/vault/secret-binding';
import { checkAccessToken, type AccessTokenProvider } from './token-provider';

/**
 * An access token the user pasted (for example from `gcloud auth print-access-token`), kept in memory for
 * this session only. It cannot be renewed: when the server refuses it, the user pastes a new one.
 */
export class PastedTokenProvider implements AccessTokenProvider {
  readonly #token: string;
  readonly #binding: SecretBinding;

  /** `serviceUrl`: the service address the token was pasted for; it is sent there only. */
  constructor(token: string, serviceUrl: string) {
    this.#token = checkAccessToken(token, 'The pasted text');
    this.#binding = bindingFor([serviceUrl]);
  }

  async checkDestination(url: string): Promise<void> {
    checkDestination('pasted access token', this.#binding, { url });
  }

  async getAccessToken(): Promise<string> {
    return this.#token;
  }

  async refresh(): Promise<string> {
    throw new AppError('unauthorized', 'The pasted access token was refused or has expired. Paste a new token.');
  }

  describe(): TokenSource {
    return { kind: 'pasted' };
  }
}
