import type { OutboxChange, OutboxStatus } from '@shared/outbox/status';
import { TypedEvents } from '@core/events/typed-events';

/**
 * The outbox's listeners: entry changes go out at once, the status (counts, connectivity) at most once per
 * tick however many entries changed in it, and nothing is computed while nobody listens.
 */
export class OutboxChanges {
  /** A faulty listener must not break sending. */
  readonly #changes = new TypedEvents<{ change: OutboxChange }>();
  readonly #status: () => OutboxStatus | null;
  #statusQueued = false;

  /** `status` answers null once the outbox is closed (nothing more is told). */
  constructor(status: () => OutboxStatus | null) {
    this.#status = status;
  }

  get listening(): boolean {
    return this.#changes.heard('change');
  }

  subscribe(listener: (change: OutboxChange) => void): () => void {
    return this.#changes.subscribe('change', listener);
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
    this.#changes.publish('change', change);
  }
}
