import { createHash } from 'node:crypto';

export interface MemoryKeyParts {
  from: string;
  to: string;
  type: number;
  text: string;
}

/**
 * sha256 of the JSON-encoded tuple (as weglot's clients hash word, type, from, to). JSON keeps the tuple
 * unambiguous ("a b"+"c" differs from "a"+"b c"); the file then stores no source text and keys stay small.
 */
export function memoryKey(parts: MemoryKeyParts): string {
  return createHash('sha256').update(JSON.stringify([parts.from, parts.to, parts.type, parts.text])).digest('base64url');
}
