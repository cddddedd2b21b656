import type { OutboxEntryView } from '@shared/outbox/entry-view';

/**
 * Why the server refused a queued change, in words the user can act on. The outbox keeps the server's own
 * message too; it is shown under this sentence.
 */
export function explainWriteFailure(entry: Pick<OutboxEntryView, 'state' | 'lastError'>): string {
  if (entry.state === 'conflict') return 'It was changed on the server after you opened it. Keep your version, or take the server’s.';
  if (entry.state === 'needs_look')
    return 'The server may already have it: it shows look-alikes the app cannot tell from yours. Open the Outbox to say which one is yours, or to send yours.';
  const error = entry.lastError;
  if (!error) return 'The server did not accept this change.';
  const status = error.status;
  if (error.code === 'forbidden' || status === 403) {
    return 'The server refused it (403): this account’s key is read-only, or its role may not change this. Add a read-write key in Settings, then retry — or discard the change.';
  }
  if (error.code === 'unauthorized' || status === 401) return 'The server rejected the API key (401). Check the account’s key in Settings, then retry.';
  if (status === 404 || error.code === 'not_found') return 'It is not on the server any more (404). Discard this change.';
  if (status === 422 || status === 400) {
    return 'The server did not accept the data: for example an email that is already a member, a subdomain that is taken, or an unknown service. Edit and retry, or discard.';
  }
  if (error.code === 'invalid_input') return 'The change is not valid. Edit and retry, or discard.';
  return 'The server did not accept this change. Retry, or discard it.';
}
