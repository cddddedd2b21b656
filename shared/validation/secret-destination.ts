/*
 * The one rule for addresses that receive a secret (an API key, a refresh token, a client secret, a bearer
 * token): https, or plain http only to this computer's loopback (simulators, local proxies), where nothing
 * crosses a network. Accounts, translation and operations all check their addresses here, and the vault
 * checks it again at the moment a secret is attached to a request.
 */

const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

/** 127.0.0.0/8, ::1 and localhost, as URL.hostname writes them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why `address` may not receive a secret, or null when it may. */
export function secretDestinationProblem(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'is not a valid address';
  }
  if (url.username !== '' || url.password !== '') return 'may not contain a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname) ? null : "must use https (plain http only on this computer's loopback address)";
  return 'must be an https address';
}

/** scheme://host:port of an address, as a secret is bound to it; null when it is not an address. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
