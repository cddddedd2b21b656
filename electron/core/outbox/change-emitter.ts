import type { OutboxChange, OutboxStatus } from '@shared/outbox/status';

/**
 * The outbox's listeners: entry changes go out at once, the status (counts, connectivity) at most once per
 * tick however many entries changed in it, and nothing is computed while nobody listens.
 */
export class OutboxChanges {
  readonly #listeners = new Set<(change: OutboxChange) => void>();
  readonly #status: () => OutboxStatus | null;
  #statusQueued = false;

  /** `status` answers null once the outbox is closed (nothing more is told). */
  constructor(status: () => OutboxStatus | null) {
    this.#status = status;
  }

  get listening(): boolean {
    return this.#listeners.size > 0;
  }

  subscribe(listener: (change: OutboxChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  queueStatus(): void {
    if (this.#statusQueued || !this.listening) return;
    this.#statusQueued = true;
    queueMicrotask(() => {
      this.#statusQueued = false;
      const status = this.#status();
      if (status !== null) this.emit({ type: 'status', status });
    });
  }

  emit(change: OutboxChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // A faulty listener must not break sending.
      }
    }
  }
}
