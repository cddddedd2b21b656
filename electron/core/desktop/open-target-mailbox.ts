/**
 * Holds the latest "open this" request until its receiver is ready, then delivers it once. A notification or
 * tray click that has to create the window arrives before the page has loaded and subscribed; sent then, it
 * would reach no one. Only the latest counts: the user wants the last thing they clicked.
 */
export class OpenTargetMailbox<T> {
  readonly #deliver: (value: T) => void;
  #ready = false;
  #pending: { value: T } | null = null;

  constructor(deliver: (value: T) => void) {
    this.#deliver = deliver;
  }

  post(value: T): void {
    if (this.#ready) this.#deliver(value);
    else this.#pending = { value };
  }

  /** The receiver can take messages now: hand over what waited. */
  ready(): void {
    this.#ready = true;
    const pending = this.#pending;
    this.#pending = null;
    if (pending) this.#deliver(pending.value);
  }

  /** The receiver is gone or reloading: hold messages again. */
  notReady(): void {
    this.#ready = false;
  }
}
