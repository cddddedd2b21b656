export type SimulatorEndpoint = 'delete' | 'authorize' | 'token' | 'revoke' | 'other';

/** One request the simulator saw. Never holds a token, code or verifier: only what a test may assert on. */
export interface SimulatorRequest {
  seq: number;
  at: string;
  endpoint: SimulatorEndpoint;
  method: string;
  /** Decoded path, without the query (the revoke URL carries the token in it). */
  path: string;
  /** HTTP status answered, or 'reset' when the connection was cut. */
  status: number | 'reset';
  /** The operation name, for deletes. */
  name?: string;
  /** The x-goog-user-project header of a delete (the quota project), when one was sent. */
  quotaProject?: string;
  /** How the bearer token looked, for deletes. */
  auth?: 'missing' | 'active' | 'expired' | 'revoked' | 'unknown';
  /** Bytes of request body received. */
  bodyBytes: number;
  fault?: string;
  /** Token endpoint: the grant type and the PKCE verdict. */
  grantType?: string;
  pkce?: 'verified' | 'mismatch' | 'missing';
  /** Authorization endpoint: the non-secret parameters the client sent. */
  authParams?: Record<string, string>;
  /** Why the request was refused, when it was. */
  error?: string;
}
