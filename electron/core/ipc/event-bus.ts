import type { Contract, EventKeys, PayloadOf } from '@shared/ipc/define';

type Forwarder = (channel: string, payload: unknown) => void;

/**
 * Main → renderer events. Services emit typed payloads; each payload is checked against its schema
 * (which also strips fields the renderer must not see) before it is handed to the window(s).
 */
export class EventBus<C extends Contract> {
  readonly #contract: C;
  readonly #forwarders = new Set<Forwarder>();
  readonly #redact: (payload: unknown) => unknown;

  /** `redact` takes every secret the app knows out of a payload before any window sees it. */
  constructor(contract: C, options: { redact?: (payload: unknown) => unknown } = {}) {
    this.#contract = contract;
    this.#redact = options.redact ?? ((payload) => payload);
  }

  emit<K extends EventKeys<C>>(channel: K, payload: PayloadOf<C, K>): void {
    const definition = this.#contract[channel];
    if (!definition || definition.kind !== 'event') throw new Error(`${channel} is not an event channel`);
    // Nobody to tell: the check (and its cost) is for what is sent.
    if (this.#forwarders.size === 0) return;
    const checked = this.#redact(definition.payload.parse(payload));
    for (const forward of this.#forwarders) forward(channel, checked);
  }

  /** Whether a window (or the e2e harness) listens: features skip work nobody would see. */
  get connected(): boolean {
    return this.#forwarders.size > 0;
  }

  /** The Electron window, or the e2e harness, registers here. */
  connect(forward: Forwarder): () => void {
    this.#forwarders.add(forward);
    return () => this.#forwarders.delete(forward);
  }
}
