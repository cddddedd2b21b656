import type { KeychainLike } from './key-vault';
import type { KeychainProbe } from './keychain-store';
import { SessionSecretStore } from './secret-store';

/**
 * The demo's keychain: memory only, gone when the demo ends. A demo never reads, shows or deletes a key the
 * user keeps in the OS keychain, and a key typed into the demo never lands there.
 */
export class DemoKeychain extends SessionSecretStore implements KeychainLike {
  async probe(): Promise<KeychainProbe> {
    return { available: true, backend: 'Demo mode (keys kept for this session only)', reason: null };
  }
}
