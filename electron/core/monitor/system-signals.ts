/**
 * The port for the operating system's power and network events. Electron's powerMonitor
 * (suspend/resume) and net.isOnline / online-offline events are adapted to it in
 * electron/main; the command line uses a SignalHub that stays online.
 * Every subscription returns its unsubscribe function.
 */
export interface SystemSignals {
  onSuspend(callback: () => void): () => void;
  onResume(callback: () => void): () => void;
  onOnline(callback: () => void): () => void;
  onOffline(callback: () => void): () => void;
  isOnline(): boolean;
}

type SignalName = 'suspend' | 'resume' | 'online' | 'offline';

/**
 * A SystemSignals you drive by hand: tests, the CLI (always online), and the simplest Electron
 * adapter (`powerMonitor.on('suspend', () => hub.suspend())`).
 */
export class SignalHub implements SystemSignals {
  #online: boolean;
  readonly #listeners: Record<SignalName, Set<() => void>> = {
    suspend: new Set(),
    resume: new Set(),
    online: new Set(),
    offline: new Set(),
  };

  constructor(options: { online?: boolean } = {}) {
    this.#online = options.online ?? true;
  }

  onSuspend(callback: () => void): () => void {
    return this.#subscribe('suspend', callback);
  }

  onResume(callback: () => void): () => void {
    return this.#subscribe('resume', callback);
  }

  onOnline(callback: () => void): () => void {
    return this.#subscribe('online', callback);
  }

  onOffline(callback: () => void): () => void {
    return this.#subscribe('offline', callback);
  }

  isOnline(): boolean {
    return this.#online;
  }

  suspend(): void {
    this.#emit('suspend');
  }

  resume(): void {
    this.#emit('resume');
  }

  /** Only a real change is announced: adapters may report the same state twice. */
  setOnline(online: boolean): void {
    if (online === this.#online) return;
    this.#online = online;
    this.#emit(online ? 'online' : 'offline');
  }

  listenerCount(): number {
    return Object.values(this.#listeners).reduce((sum, set) => sum + set.size, 0);
  }

  #subscribe(name: SignalName, callback: () => void): () => void {
    this.#listeners[name].add(callback);
    return () => {
      this.#listeners[name].delete(callback);
    };
  }

  #emit(name: SignalName): void {
    for (const callback of [...this.#listeners[name]]) callback();
  }
}
