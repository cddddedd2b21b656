import { createHash } from 'node:crypto';

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256Challenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. The challenge has the same alphabet. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
