import { AppError } from '@shared/errors';
import type { TokenSource } from '@shared/operations/token-source';
import { checkGoogleDestination } from './token-destination';
import { checkAccessToken, type AccessTokenProvider } from './token-provider';

export const ACCESS_TOKEN_ENV_VAR = 'STATUSDESK_ACCESS_TOKEN';

/**
 * The command line's token: `STATUSDESK_ACCESS_TOKEN`, read when needed so a script can export a fresh one.
 * A refresh only helps when the variable changed since the refused token was read.
 */
export class EnvTokenProvider implements AccessTokenProvider {
  readonly #env: NodeJS.ProcessEnv;
  readonly #variable: string;
  #lastGiven: string | undefined;

  constructor(options: { env?: NodeJS.ProcessEnv; variable?: string } = {}) {
    this.#env = options.env ?? process.env;
    this.#variable = options.variable ?? ACCESS_TOKEN_ENV_VAR;
  }

  /** True when the variable is set (without reading it into any message). */
  isSet(): boolean {
    return (this.#env[this.#variable] ?? '').trim() !== '';
  }

  async checkDestination(url: string): Promise<void> {
    checkGoogleDestination(`The token in ${this.#variable}`, url);
  }

  async getAccessToken(): Promise<string> {
    if (!this.isSet()) throw new AppError('unauthorized', `${this.#variable} is not set. Set it to an OAuth access token.`);
    this.#lastGiven = checkAccessToken(this.#env[this.#variable], this.#variable);
    return this.#lastGiven;
  }

  async refresh(): Promise<string> {
    const current = this.isSet() ? checkAccessToken(this.#env[this.#variable], this.#variable) : undefined;
    if (current === undefined || current === this.#lastGiven) {
      throw new AppError(
        'unauthorized',
        `The access token in ${this.#variable} was refused or has expired. Set a new one (for example with \`gcloud auth print-access-token\`).`,
      );
    }
    this.#lastGiven = current;
    return current;
  }

  describe(): TokenSource {
    return { kind: 'environment' };
  }
}
