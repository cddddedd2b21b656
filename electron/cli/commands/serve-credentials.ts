import fs from 'node:fs';
import path from 'node:path';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import { AppError } from '@shared/errors';
import type { DestinationSecret } from '@core/alerts/alert-delivery-api';
import type { KeychainProbe } from '@core/vault/keychain-store';
import type { KeychainLike } from '@core/vault/key-vault';
import { bindingFor, encodeSecret } from '@core/vault/secret-binding';
import { fileErrorReason } from '@core/storage/file-system';
import { originOf } from '@shared/validation/secret-destination';
import { secretFromFile } from './alerts-secret-text';

/*
 * The destinations' secrets on a server without an OS keychain: a read-only folder the service manager fills
 * and only this service may read (systemd's $CREDENTIALS_DIRECTORY through LoadCredential=, Docker and Compose
 * secrets under /run/secrets). One file per destination, named after its id, or ending in `_<id>` (what
 * systemd names the files of a whole folder loaded with `LoadCredential=alerts:/etc/statusdesk/alerts`).
 *
 * It stands where the keychain stands, behind the same KeyVault: each secret is handed out bound to its
 * destination's origin as set up in the settings, so an address in a file that points elsewhere is refused
 * as a keychain secret entered for another address would be, and every secret read is told to the redactor.
 */

/** Which destination, and which part of its secret, a keychain secret name stands for. */
export interface SecretPart {
  destination: AlertDestination;
  part: keyof DestinationSecret;
}

interface CredentialsDirectoryOptions {
  dir: string;
  /** The destination and part a keychain secret name is kept under (the alerts service's names); null for any other name. */
  secretPartOf: (secretName: string) => SecretPart | null;
}

export class CredentialsDirectory implements KeychainLike {
  readonly kind = 'keychain' as const;
  readonly #options: CredentialsDirectoryOptions;

  constructor(options: CredentialsDirectoryOptions) {
    this.#options = options;
  }

  get dir(): string {
    return this.#options.dir;
  }

  async probe(): Promise<KeychainProbe> {
    const backend = `credentials directory ${this.#options.dir}`;
    try {
      fs.readdirSync(this.#options.dir);
      return { available: true, backend, reason: null };
    } catch (error) {
      return { available: false, backend, reason: `the credentials directory ${this.#options.dir} cannot be read: ${fileErrorReason(error)}` };
    }
  }

  /** The file holding `destination`'s secret, or null when there is none. */
  fileOf(destination: Pick<AlertDestination, 'id'>): string | null {
    let names: string[];
    try {
      names = fs.readdirSync(this.#options.dir);
    } catch {
      return null;
    }
    const name = names.find((n) => n === destination.id) ?? names.find((n) => n.endsWith(`_${destination.id}`));
    return name === undefined ? null : path.join(this.#options.dir, name);
  }

  /** The destination's secret read from its file; null when it has none; a typed refusal when the file cannot be used. */
  secretOf(destination: AlertDestination): DestinationSecret | null {
    const file = this.fileOf(destination);
    if (file === null) return null;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new AppError('storage', `The credential ${path.basename(file)} for "${destination.name}" cannot be read: ${fileErrorReason(error)}.`, {
        cause: error,
      });
    }
    const secret = secretFromFile(destination, text, path.basename(file));
    // The file may not send the destination anywhere else than where it was set up to send.
    const origin = originOf(secret.address);
    if (origin !== destination.origin) {
      throw new AppError(
        'forbidden',
        `The credential ${path.basename(file)} for "${destination.name}" sends to ${origin ?? 'an address that is not one'}, but the destination was set up for ${destination.origin}; nothing is sent with it.`,
      );
    }
    return secret;
  }

  async get(name: string): Promise<string | null> {
    const wanted = this.#options.secretPartOf(name);
    if (wanted === null) return null;
    const value = this.secretOf(wanted.destination)?.[wanted.part];
    return value === undefined ? null : encodeSecret(value, bindingFor([wanted.destination.origin]));
  }

  async set(): Promise<void> {
    throw new AppError(
      'keychain_unavailable',
      `The credentials directory ${this.#options.dir} is read-only: its files are put there by the service manager. Add the secret as a file there instead.`,
    );
  }

  async delete(): Promise<boolean> {
    return false;
  }
}
