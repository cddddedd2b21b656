import { z } from 'zod';
import { AppError } from '@shared/errors';
import { originOf, secretDestinationProblem } from '@shared/validation/secret-destination';

/*
 * A secret is bound to where it was entered for, as a password manager binds a password to its site: the
 * origins (scheme, host, port) it may be sent to and, for an OAuth token, the client it was issued to. The
 * binding is stored with the secret in the keychain, so nothing the window can change (settings, IPC) moves
 * it; only entering the secret again does.
 */

export interface SecretBinding {
  /** scheme://host:port of each address the secret may go to. */
  origins: string[];
  /** The OAuth client a token was issued to; a token is never used with another client. */
  clientId?: string;
}

/** Where a secret is about to be sent. */
export interface SecretDestination {
  url: string;
  clientId?: string;
}

const ENVELOPE_TAG = 'statusdesk-bound-secret';

const envelopeSchema = z.object({
  tag: z.literal(ENVELOPE_TAG),
  v: z.literal(1),
  secret: z.string().min(1),
  origins: z.array(z.string()).min(1),
  clientId: z.string().optional(),
});

export interface StoredSecret {
  secret: string;
  /** null: stored by a version before bindings existed. */
  binding: SecretBinding | null;
}

/** The binding for a secret entered for these addresses; refuses an address that may not receive a secret. */
export function bindingFor(urls: readonly string[], clientId?: string): SecretBinding {
  const origins: string[] = [];
  for (const url of urls) {
    const problem = secretDestinationProblem(url);
    if (problem) throw new AppError('invalid_input', `A key is never sent to ${describeAddress(url)}: the address ${problem}.`);
    const origin = originOf(url)!;
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length === 0) throw new AppError('internal', 'A secret needs at least one address it is for.');
  return clientId === undefined ? { origins } : { origins, clientId };
}

export function encodeSecret(secret: string, binding: SecretBinding): string {
  return JSON.stringify({
    tag: ENVELOPE_TAG,
    v: 1,
    secret,
    origins: binding.origins,
    ...(binding.clientId === undefined ? {} : { clientId: binding.clientId }),
  });
}

/** A stored value: an envelope, or a bare secret written before bindings (bound on its first use). */
export function decodeSecret(stored: string): StoredSecret {
  if (stored.startsWith('{')) {
    try {
      const parsed = envelopeSchema.safeParse(JSON.parse(stored));
      if (parsed.success) {
        const { secret, origins, clientId } = parsed.data;
        return { secret, binding: clientId === undefined ? { origins } : { origins, clientId } };
      }
    } catch {
      // Not an envelope: a bare secret that happens to start with a brace.
    }
  }
  return { secret: stored, binding: null };
}

/**
 * The one check before a secret is attached to a request: the destination must be an address that may
 * receive a secret at all, one of the origins the secret is bound to, and the client it was issued to.
 */
export function checkDestination(what: string, binding: SecretBinding, destination: SecretDestination): void {
  const problem = secretDestinationProblem(destination.url);
  if (problem) throw new AppError('forbidden', `The ${what} was not sent: ${describeAddress(destination.url)} ${problem}.`);
  const origin = originOf(destination.url)!;
  if (!binding.origins.includes(origin)) {
    throw new AppError(
      'forbidden',
      `The ${what} was not sent to ${origin}: it was entered for ${binding.origins.join(' and ')}. Enter it again for the new address.`,
    );
  }
  if (binding.clientId !== undefined && destination.clientId !== binding.clientId) {
    throw new AppError('forbidden', `The ${what} was not used: it was issued to another OAuth client. Sign in again.`);
  }
}

/** True when a secret bound to `binding` may go to every one of `urls` (with `clientId`). */
export function bindingCovers(binding: SecretBinding, urls: readonly string[], clientId?: string): boolean {
  if (binding.clientId !== undefined && binding.clientId !== clientId) return false;
  return urls.every((url) => {
    const origin = originOf(url);
    return origin !== null && binding.origins.includes(origin);
  });
}

function describeAddress(url: string): string {
  return originOf(url) ?? 'that address';
}
