import { createHash } from 'node:crypto';

export interface MemoryKeyParts {
  /** Which service and account answered (see serviceIdentity): another one's text is never served. */
  service: string;
  from: string;
  to: string;
  type: number;
  text: string;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * The service address plus a short hash of the key, never the key: a simulator's (or another account's)
 * translations must not be served for the real service. The memory file holds only hashes of the whole
 * tuple, so not even this identity is readable there.
 */
export function serviceIdentity(baseUrl: string, key: string): string {
  return `${baseUrl.replace(/\/+$/, '')}#${sha256(`statusdesk.translation-key:${key}`).slice(0, 16)}`;
}

/**
 * sha256 of the JSON-encoded tuple (as weglot's clients hash word, type, from, to, plus the service identity).
 * JSON keeps the tuple unambiguous ("a b"+"c" differs from "a"+"b c"); the file then stores no source text.
 */
export function memoryKey(parts: MemoryKeyParts): string {
  return sha256(JSON.stringify([parts.service, parts.from, parts.to, parts.type, parts.text]));
}
