import { originOf } from './trusted-sender';

/** Every permission request is denied, except notifications asked for by the app's own pages. */
export function shouldGrantPermission(permission: string, requestingUrl: string, appOrigins: readonly string[]): boolean {
  if (permission !== 'notifications') return false;
  const origin = originOf(requestingUrl);
  return origin !== null && appOrigins.includes(origin);
}
