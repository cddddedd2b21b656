import { TypedEvents } from '@core/events/typed-events';

/**
 * What the operating system says about the network. In the app the main process adapts Electron's `net.isOnline()`
 * and the window's online/offline events to this port; the command line and tests use the helpers below.
 * "Online" here only means "worth trying": reachability of each API server is probed separately.
 */
export interface NetworkSignals {
  isOnline(): boolean;
  /** Called with the new value whenever it changes; returns the unsubscribe function. */
  onChange(cb: (online: boolean) => void): () => void;
}

/** No OS signal available (command line, servers): always worth trying. */
export const ALWAYS_ONLINE: NetworkSignals = {
  isOnline: () => true,
  onChange: () => () => undefined,
};

/** A switch for tests and demos. */
export class ManualNetworkSignals implements NetworkSignals {
  #online: boolean;
  readonly #changes = new TypedEvents<{ change: boolean }>();

  constructor(online = true) {
    this.#online = online;
  }

  isOnline(): boolean {
    return this.#online;
  }

  set(online: boolean): void {
    if (online === this.#online) return;
    this.#online = online;
    this.#changes.publish('change', online);
  }

  onChange(cb: (online: boolean) => void): () => void {
    return this.#changes.subscribe('change', cb);
  }
}
