import { redactSecrets, redactSecretsDeep, secretForms } from './redact';

/*
 * Every secret this process has held, learnt where it enters: the vault's stores (API keys, the translation
 * key, the Google refresh token), a token pasted for the session, the access tokens any token source hands
 * out, the OAuth client secret of the settings, and the refresh token and client secret of an Application
 * Default Credentials file. The sinks (the log, the IPC answers and pushed events, the operations history)
 * redact through it, so a secret the app knows never reaches them, whoever put it in the text: a server that
 * echoes it, a window error report that quotes it.
 */
export class KnownSecrets {
  readonly #secrets = new Set<string>();
  /** Every form of every secret, as the redactor replaces them, and as JSON writes them. */
  #forms: string[] = [];

  add(secret: string | null | undefined): void {
    if (!secret || secret.trim() === '' || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    const forms = secretForms(secret);
    this.#forms.push(...forms, ...forms.map((form) => JSON.stringify(form).slice(1, -1)).filter((escaped) => !forms.includes(escaped)));
  }

  values(): Iterable<string> {
    return this.#secrets;
  }

  /** The text with every known secret replaced. */
  redact(text: string): string {
    return this.#carries(text) ? redactSecrets(text, this.#secrets) : text;
  }

  /**
   * A value on its way out of the main process (an IPC answer, an event, a record) with every known secret
   * replaced in its strings and keys; the same value when it carries none (one JSON pass, no copy).
   */
  redactValue<T>(value: T): T {
    if (this.#forms.length === 0) return value;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text === undefined || !this.#carries(text)) return value;
    return redactSecretsDeep(value, [...this.#secrets]) as T;
  }

  #carries(text: string): boolean {
    return this.#forms.some((form) => text.includes(form));
  }
}
