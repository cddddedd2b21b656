import { randomBytes } from 'node:crypto';

export interface OAuthClientRecord {
  clientId: string;
  /** Undefined: the client sends none. */
  clientSecret: string;
}

interface AccessRecord {
  clientId: string;
  scope: string;
  expiresAt: number;
  revoked: boolean;
  /** The refresh token it came from, so revoking one ends the other. */
  refreshToken: string | undefined;
}

interface RefreshRecord {
  clientId: string;
  scope: string;
  revoked: boolean;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  offline: boolean;
  expiresAt: number;
  used: boolean;
}

export type TokenStatus = 'active' | 'expired' | 'revoked' | 'unknown';

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** Every code and token the fake OAuth server issued, with its lifetime and revocation. */
export class TokenRegistry {
  readonly #access = new Map<string, AccessRecord>();
  readonly #refresh = new Map<string, RefreshRecord>();
  readonly #codes = new Map<string, AuthorizationCode>();
  accessTokenLifetimeSeconds: number;
  readonly #now: () => number;

  constructor(options: { accessTokenLifetimeSeconds: number; now?: () => number }) {
    this.accessTokenLifetimeSeconds = options.accessTokenLifetimeSeconds;
    this.#now = options.now ?? Date.now;
  }

  issueCode(record: Omit<AuthorizationCode, 'expiresAt' | 'used'>): string {
    const code = token('4/sim-');
    this.#codes.set(code, { ...record, expiresAt: this.#now() + 10 * 60_000, used: false });
    return code;
  }

  /** The code's record; marks it used. Undefined when unknown or expired. A reused code is returned with used = true. */
  redeemCode(code: string): AuthorizationCode | undefined {
    const record = this.#codes.get(code);
    if (!record || record.expiresAt < this.#now()) return undefined;
    const before = { ...record };
    record.used = true;
    return before;
  }

  issueAccess(options: { clientId: string; scope: string; refreshToken?: string; lifetimeSeconds?: number }): { token: string; expiresIn: number } {
    const expiresIn = options.lifetimeSeconds ?? this.accessTokenLifetimeSeconds;
    const value = token('ya29.sim-');
    this.#access.set(value, {
      clientId: options.clientId,
      scope: options.scope,
      expiresAt: this.#now() + expiresIn * 1000,
      revoked: false,
      refreshToken: options.refreshToken,
    });
    return { token: value, expiresIn };
  }

  issueRefresh(options: { clientId: string; scope: string }): string {
    const value = token('1//sim-');
    this.#refresh.set(value, { clientId: options.clientId, scope: options.scope, revoked: false });
    return value;
  }

  accessStatus(value: string): TokenStatus {
    const record = this.#access.get(value);
    if (!record) return 'unknown';
    if (record.revoked) return 'revoked';
    return record.expiresAt <= this.#now() ? 'expired' : 'active';
  }

  refreshRecord(value: string): RefreshRecord | undefined {
    return this.#refresh.get(value);
  }

  status(value: string): TokenStatus {
    const refresh = this.#refresh.get(value);
    if (refresh) return refresh.revoked ? 'revoked' : 'active';
    return this.accessStatus(value);
  }

  /** Google's rule: revoking either token of a grant revokes both. False when the token is unknown. */
  revoke(value: string): boolean {
    const access = this.#access.get(value);
    const refreshToken = this.#refresh.has(value) ? value : access?.refreshToken;
    if (!access && !refreshToken) return false;
    if (access) access.revoked = true;
    if (refreshToken) {
      const refresh = this.#refresh.get(refreshToken);
      if (refresh) refresh.revoked = true;
      for (const record of this.#access.values()) if (record.refreshToken === refreshToken) record.revoked = true;
    }
    return true;
  }

  expireAllAccessTokens(): void {
    const now = this.#now();
    for (const record of this.#access.values()) record.expiresAt = Math.min(record.expiresAt, now);
  }

  /** Every value issued, for tests that check none of them leaked anywhere. */
  allIssued(): string[] {
    return [...this.#access.keys(), ...this.#refresh.keys(), ...this.#codes.keys()];
  }
}
