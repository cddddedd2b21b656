import type { OperationsFault } from './faults';
import type { SimulatorRequest } from './request-log';
import type { OAuthClientRecord, TokenRegistry } from './token-registry';

export type SimulatorMode = 'normal' | 'unimplemented';
/** How the fake consent screen answers: redirect at once with a code, refuse, or show a page with buttons. */
export type AuthorizationMode = 'approve' | 'deny' | 'page';

/** Everything the endpoints share; the control API in simulator.ts changes it. */
export interface SimulatorState {
  operations: Set<string>;
  mode: SimulatorMode;
  successBody: 'empty' | 'json';
  faults: OperationsFault[];
  tokens: TokenRegistry;
  clients: Map<string, OAuthClientRecord>;
  authorization: AuthorizationMode;
  /** Consent pages waiting for a click (mode 'page'), by request id. */
  pendingConsents: Map<string, URLSearchParams>;
  /** When set, the revoke endpoint answers this status until cleared. */
  revokeFailure: number | null;
  log(entry: Omit<SimulatorRequest, 'seq' | 'at'>): void;
}
