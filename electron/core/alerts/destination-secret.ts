import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { bindingFor } from '@core/vault/secret-binding';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import type { DestinationSecret } from './alert-delivery-api';

/*
 * A destination's secret in the keychain: its address and its key as two entries, so the redactor knows each
 * on its own (vault.notice), both bound to the address's origin and released for the destination's origin
 * only. The settings file holds the origin, never the address.
 */

/** The address and key as entered, checked by the destination's format; `origin` is what the secret is bound to. */
export type SecretCheck = { ok: true; origin: string; address: string; key?: string } | { ok: false; problem: string };

export async function storeDestinationSecret(vault: KeyVault, destinationId: string, secret: DestinationSecret): Promise<void> {
  const binding = bindingFor([secret.address]);
  await vault.set(secretNames.alertAddress(destinationId), secret.address, { binding });
  if (secret.key) await vault.set(secretNames.alertKey(destinationId), secret.key, { binding });
  else await vault.delete(secretNames.alertKey(destinationId));
}

/** Null when the keychain holds no address for it (removed outside the app, another computer). */
export async function destinationSecretFor(vault: KeyVault, destination: AlertDestination): Promise<DestinationSecret | null> {
  const to = { url: destination.origin };
  const address = await vault.release(secretNames.alertAddress(destination.id), to);
  if (address === null) return null;
  const key = await vault.release(secretNames.alertKey(destination.id), to);
  return key === null ? { address } : { address, key };
}

export async function forgetDestinationSecret(vault: KeyVault, destinationId: string): Promise<void> {
  await vault.delete(secretNames.alertAddress(destinationId));
  await vault.delete(secretNames.alertKey(destinationId));
}
