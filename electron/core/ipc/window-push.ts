import type { IpcContract } from '@shared/ipc/contract';
import type { EventKeys } from '@shared/ipc/define';
import type { AppBus } from '@core/events/app-events';

type Forwarder = (channel: string, payload: unknown) => void;

/**
 * Main → renderer events: a subscriber of the bus for each event channel of the contract. Each payload is checked
 * against its schema (which also strips fields the renderer must not see) before it is handed to the window(s).
 */
export class WindowPush {
  readonly #forwarders = new Set<Forwarder>();
  readonly #redact: (payload: unknown) => unknown;
  readonly #unsubscribe: Array<() => void> = [];

  /** `redact` takes every secret the app knows out of a payload before any window sees it. */
  constructor(contract: IpcContract, bus: AppBus, options: { redact?: (payload: unknown) => unknown } = {}) {
    this.#redact = options.redact ?? ((payload) => payload);
    for (const [channel, definition] of Object.entries(contract)) {
      if (definition.kind !== 'event') continue;
      this.#unsubscribe.push(
        bus.subscribe(channel as EventKeys<IpcContract>, (payload) => {
          // Nobody to tell: the check (and its cost) is for what is sent.
          if (this.#forwarders.size === 0) return;
          const checked = this.#redact(definition.payload.parse(payload));
          for (const forward of this.#forwarders) forward(channel, checked);
        }),
      );
    }
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

  /** Stops hearing the bus. */
  dispose(): void {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
  }
}
