import type { OutboxChange, OutboxStatus } from '@shared/outbox/status';
import { TypedEvents } from '@core/events/typed-events';

/**
 * The outbox's listeners: entry changes go out at once, the status (counts, connectivity) at most once per
 * tick however many entries changed in it, and nothing is computed while nobody listens: a listener that has no
 * use for the status (a command's log) says so, and the counts over a long queue are not made for it.
 */
export class OutboxChanges {
  /** A faulty listener must not break sending. */
  readonly #changes = new TypedEvents<{ change: OutboxChange; status: OutboxChange }>();
  readonly #status: () => OutboxStatus | null;
  #statusQueued = false;

  /** `status` answers null once the outbox is closed (nothing more is told). */
  constructor(status: () => OutboxStatus | null) {
    this.#status = status;
  }

  get listening(): boolean {
    return this.#changes.heard('change');
  }

  /** `status: false`: the listener hears every change but the status. */
  subscribe(listener: (change: OutboxChange) => void, options: { status?: boolean } = {}): () => void {
    const offChanges = this.#changes.subscribe('change', listener);
    const offStatus = options.status === false ? () => undefined : this.#changes.subscribe('status', listener);
    return () => {
      offChanges();
      offStatus();
    };
  }

  queueStatus(): void {
    if (this.#statusQueued || !this.#changes.heard('status')) return;
    this.#statusQueued = true;
    queueMicrotask(() => {
      this.#statusQueued = false;
      const status = this.#status();
      if (status !== null) this.emit({ type: 'status', status });
    });
  }

  emit(change: OutboxChange): void {
    this.#changes.publish(change.type === 'status' ? 'status' : 'change', change);
  }
}
