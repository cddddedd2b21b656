import type { AlertDestination } from '@shared/alerts/alert-destination';
import { destinationSecretFor } from '@core/alerts/destination-secret';
import { KeychainSecretStore } from '@core/vault/keychain-store';
import { KeyVault, secretNames } from '@core/vault/key-vault';
import { reasonOf } from '../output';
import { CredentialsDirectory, type SecretPart } from './serve-credentials';

/*
 * Where `statusdesk serve` takes the destinations' secrets from: the credentials directory the service manager
 * gives (--credentials-dir, else STATUSDESK_CREDENTIALS_DIR as the container image sets, else systemd's
 * $CREDENTIALS_DIRECTORY), or, when none is given, the OS keychain as the app does. One vault either way, so
 * the alerts service reads, binds and redacts them alike.
 */

interface ServeSecrets {
  vault: KeyVault;
  /** "the keychain" or "the credentials directory …", for the log and the messages. */
  from: string;
  /** Why the destination's secret cannot be had, or null when it is in place. */
  problemOf(destination: AlertDestination): Promise<string | null>;
}

export function credentialsDirOf(option: string | undefined, env: NodeJS.ProcessEnv): string | null {
  const given = [option, env.STATUSDESK_CREDENTIALS_DIR, env.CREDENTIALS_DIRECTORY].find((dir) => dir !== undefined && dir.trim() !== '');
  return given?.trim() ?? null;
}

export function serveSecrets(credentialsDir: string | null, destinations: () => readonly AlertDestination[]): ServeSecrets {
  if (credentialsDir === null) {
    const vault = new KeyVault(new KeychainSecretStore());
    return {
      vault,
      from: 'the OS keychain',
      async problemOf(destination) {
        const status = await vault.status();
        if (!status.keychainAvailable) {
          return `no OS keychain is available (${status.reason ?? 'unknown reason'}); on a server, give the secrets as files in a credentials directory (statusdesk serve --help)`;
        }
        return secretProblem(vault, destination, 'the keychain holds no secret for it: add the destination again (statusdesk alerts remove, then add)');
      },
    };
  }
  const directory = new CredentialsDirectory({ dir: credentialsDir, secretPartOf: (name) => secretPartOf(destinations(), name) });
  const vault = new KeyVault(directory);
  return {
    vault,
    from: `the credentials directory ${credentialsDir}`,
    async problemOf(destination) {
      const probe = await directory.probe();
      if (!probe.available) return probe.reason ?? 'the credentials directory cannot be read';
      if (directory.fileOf(destination) === null) return `there is no file named ${destination.id} (or ending in _${destination.id}) in it`;
      return secretProblem(vault, destination, 'its file holds no secret');
    },
  };
}

async function secretProblem(vault: KeyVault, destination: AlertDestination, missing: string): Promise<string | null> {
  try {
    return (await destinationSecretFor(vault, destination)) === null ? missing : null;
  } catch (error) {
    return reasonOf(error).replace(/\.$/, '');
  }
}

/** The destination and part a keychain name is kept under, by the alerts service's own names. */
function secretPartOf(destinations: readonly AlertDestination[], name: string): SecretPart | null {
  for (const destination of destinations) {
    if (name === secretNames.alertAddress(destination.id)) return { destination, part: 'address' };
    if (name === secretNames.alertKey(destination.id)) return { destination, part: 'key' };
  }
  return null;
}
