import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkOperationName } from '@shared/operations/operation-name';
import { CLOUD_PLATFORM_SCOPE } from '@shared/operations/token-source';
import { handleDelete } from './delete-endpoint';
import type { OperationsFault } from './faults';
import { sendRpcError } from './http-helpers';
import { handleAuthorize, handleDecision, handleRevoke, handleToken } from './oauth-endpoints';
import type { SimulatorEndpoint, SimulatorRequest } from './request-log';
import type { AuthorizationMode, SimulatorMode, SimulatorState } from './state';
import { TokenRegistry, type TokenStatus } from './token-registry';

const SIMULATOR_CLIENT_ID = 'statusdesk-simulator.apps.googleusercontent.com';
const SIMULATOR_CLIENT_SECRET = 'sim-installed-app-secret';

interface OperationsSimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Operation names that exist at start. */
  operations?: string[];
  mode?: SimulatorMode;
  /** What a successful delete answers: nothing (default) or `{}`. */
  successBody?: 'empty' | 'json';
  /** Lifetime of issued access tokens. Default 3600. */
  accessTokenLifetimeSeconds?: number;
  clientId?: string;
  /** The Desktop-app client's secret; Google requires it at the token endpoint, and so does the simulator. */
  clientSecret?: string;
  /** Default 'approve': the consent screen redirects at once, so a test's openExternal can simply fetch the URL. */
  authorization?: AuthorizationMode;
}

export interface OperationsSimulator {
  /** The service address for OperationsClient (it appends `/v1/...`). */
  baseUrl: string;
  oauth: { authUrl: string; tokenUrl: string; revokeUrl: string; clientId: string; clientSecret: string };
  /** Adds known operation names (each must be a valid name). */
  addOperations(names: string[]): void;
  /** Names not yet deleted. */
  operations(): string[];
  /** An access token the delete endpoint accepts, as if from the token endpoint. */
  issueAccessToken(options?: { lifetimeSeconds?: number }): string;
  /** A refresh token the token endpoint accepts (e.g. for an ADC authorized_user file). */
  issueRefreshToken(): string;
  /** Every access token issued so far now counts as expired (the delete endpoint answers 401). */
  expireAllTokens(): void;
  tokenStatus(token: string): TokenStatus;
  /** Every token and code value issued, for tests checking that none leaked. */
  issuedSecrets(): string[];
  setMode(mode: SimulatorMode): void;
  setSuccessBody(body: 'empty' | 'json'): void;
  setAccessTokenLifetime(seconds: number): void;
  /** Replaces the queue of one-shot faults for authenticated deletes. */
  setFaults(faults: OperationsFault[]): void;
  pendingFaults(): number;
  setAuthorization(mode: AuthorizationMode): void;
  /** Makes the revoke endpoint answer this status until set back to null. */
  setRevokeFailure(status: number | null): void;
  /** The request log, optionally of one endpoint. */
  requests(endpoint?: SimulatorEndpoint): SimulatorRequest[];
  clearRequests(): void;
  close(): Promise<void>;
}

/**
 * The operations delete API and a fake Google OAuth server on one real http server. Stateful and
 * deterministic enough for tests, the demo mode and the e2e runs.
 */
export async function startOperationsSimulator(options: OperationsSimulatorOptions = {}): Promise<OperationsSimulator> {
  const log: SimulatorRequest[] = [];
  const clientId = options.clientId ?? SIMULATOR_CLIENT_ID;
  const clientSecret = options.clientSecret ?? SIMULATOR_CLIENT_SECRET;
  const state: SimulatorState = {
    operations: new Set(),
    mode: options.mode ?? 'normal',
    successBody: options.successBody ?? 'empty',
    faults: [],
    tokens: new TokenRegistry({ accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? 3600 }),
    clients: new Map([[clientId, { clientId, clientSecret }]]),
    authorization: options.authorization ?? 'approve',
    pendingConsents: new Map(),
    revokeFailure: null,
    log: (entry) => log.push({ seq: log.length + 1, at: new Date().toISOString(), ...entry }),
  };
  const addOperations = (names: string[]) => {
    for (const name of names) {
      const check = checkOperationName(name);
      if (!check.ok) throw new Error(`Not an operation name: ${check.reason}`);
      state.operations.add(name);
    }
  };
  addOperations(options.operations ?? []);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    const route = async () => {
      if (url.pathname.startsWith('/v1/')) return handleDelete(state, request, response, url.pathname);
      if (url.pathname === '/o/oauth2/v2/auth') return handleAuthorize(state, request, response, url);
      if (url.pathname === '/o/oauth2/v2/decide') return handleDecision(state, request, response, url);
      if (url.pathname === '/token') return handleToken(state, request, response, url);
      if (url.pathname === '/revoke') return handleRevoke(state, request, response, url);
      sendRpcError(response, 'NOT_FOUND', 'Not found.');
      state.log({ endpoint: 'other', method: request.method ?? '', path: url.pathname, status: 404, bodyBytes: 0 });
    };
    route().catch(() => {
      if (!response.headersSent) sendRpcError(response, 'INTERNAL', 'Simulator failure.');
      else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    baseUrl: origin,
    oauth: { authUrl: `${origin}/o/oauth2/v2/auth`, tokenUrl: `${origin}/token`, revokeUrl: `${origin}/revoke`, clientId, clientSecret },
    addOperations,
    operations: () => [...state.operations],
    issueAccessToken: (issue = {}) =>
      state.tokens.issueAccess({
        clientId,
        scope: CLOUD_PLATFORM_SCOPE,
        ...(issue.lifetimeSeconds === undefined ? {} : { lifetimeSeconds: issue.lifetimeSeconds }),
      }).token,
    issueRefreshToken: () => state.tokens.issueRefresh({ clientId, scope: CLOUD_PLATFORM_SCOPE }),
    expireAllTokens: () => state.tokens.expireAllAccessTokens(),
    tokenStatus: (token) => state.tokens.status(token),
    issuedSecrets: () => state.tokens.allIssued(),
    setMode: (mode) => {
      state.mode = mode;
    },
    setSuccessBody: (body) => {
      state.successBody = body;
    },
    setAccessTokenLifetime: (seconds) => {
      state.tokens.accessTokenLifetimeSeconds = seconds;
    },
    setFaults: (faults) => {
      state.faults = [...faults];
    },
    pendingFaults: () => state.faults.length,
    setAuthorization: (mode) => {
      state.authorization = mode;
    },
    setRevokeFailure: (status) => {
      state.revokeFailure = status;
    },
    requests: (endpoint) => (endpoint ? log.filter((entry) => entry.endpoint === endpoint) : [...log]),
    clearRequests: () => {
      log.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
