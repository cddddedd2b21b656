import type { AppErrorShape } from '@shared/errors';

interface ReadFailure {
  title: string;
  detail: string;
  /** Settings can fix it (a key, an organization id); otherwise trying again may. */
  action: 'settings' | 'retry';
}

/** A list that could not be read, explained for the account and the page or organization it was read for. */
export function explainReadFailure(error: AppErrorShape, what: string, where: string, accountName: string): ReadFailure {
  switch (error.code) {
    case 'unauthorized':
      return {
        title: 'The API key was rejected',
        detail: `The server refused the key of “${accountName}” (401). Enter a valid key for the account in Settings.`,
        action: 'settings',
      };
    case 'forbidden':
      return {
        title: `This key may not read ${what.toLowerCase()} of ${where}`,
        detail: `The server answered 403. An organization key works for its own organization only, and a user key needs a role on the page. Use a key of the right organization in Settings.`,
        action: 'settings',
      };
    case 'not_found':
      return {
        title: `${where} was not found`,
        detail: `The server does not know ${where} (404). Check the subdomain or organization id of “${accountName}” in Settings, or pick another page.`,
        action: 'settings',
      };
    case 'network':
    case 'timeout':
      return {
        title: 'The server cannot be reached',
        detail: 'The list will load when the connection is back. Changes you make now are kept in the outbox and sent then.',
        action: 'retry',
      };
    case 'rate_limited':
      return { title: 'Too many requests', detail: 'The server asked to slow down (429). Try again in a few seconds.', action: 'retry' };
    default:
      return { title: `${what} could not be read`, detail: error.message, action: 'retry' };
  }
}
