import type { AccountRecord } from '../../../shared/accounts/account';
import type { ConnectionProbeClient } from './connection-check';

// Temporary until the status page client lands (wired in the same change).
export function createStatusPageProbeClient(_account: AccountRecord, _apiKey: string | null): ConnectionProbeClient {
  throw new Error('client not wired yet');
}
