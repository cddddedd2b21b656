import mitt, { type Emitter } from 'mitt';

/** Event name → payload type: one such map per bus (the app's is app-events.ts). */
export type EventMap = Record<string, unknown>;

/** What a publisher is handed: the events it may publish, nothing to subscribe with. */
export interface Publisher<M extends EventMap> {
  publish<K extends keyof M & string>(name: K, payload: M[K]): void;
}

export interface TypedEventsOptions {
  /**
   * A subscriber threw: told here, and the other subscribers still hear the event. Without it, the publisher's
   * call throws the failure once every subscriber has heard the event (never dropped in silence).
   */
  onSubscriberError?: (name: string, error: unknown) => void;
}

/**
 * The core's one event primitive: publishers name an event of the map, subscribers react to it. Synchronous and
 * in subscription order, as direct calls would be; one failing subscriber stops neither the publisher nor the others.
 */
export class TypedEvents<M extends EventMap> implements Publisher<M> {
  readonly #emitter: Emitter<M> = mitt<M>();
  readonly #onSubscriberError: ((name: string, error: unknown) => void) | undefined;
  /** Failures of the publish under way, thrown when it ends (no onSubscriberError). */
  #failures: unknown[] | null = null;

  constructor(options: TypedEventsOptions = {}) {
    this.#onSubscriberError = options.onSubscriberError;
  }

  /** Adds a subscriber; the answer removes it. */
  subscribe<K extends keyof M & string>(name: K, subscriber: (payload: M[K]) => void): () => void {
    const guarded = (payload: M[K]): void => {
      try {
        subscriber(payload);
      } catch (error) {
        if (this.#onSubscriberError) this.#onSubscriberError(name, error);
        else this.#failures?.push(error);
      }
    };
    this.#emitter.on(name, guarded);
    return () => this.#emitter.off(name, guarded);
  }

  publish<K extends keyof M & string>(name: K, payload: M[K]): void {
    const outer = this.#failures;
    const failures: unknown[] = [];
    this.#failures = failures;
    try {
      this.#emitter.emit(name, payload);
    } finally {
      this.#failures = outer;
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} subscribers of ${name} failed`);
  }

  /** Whether anyone hears the event: a publisher may skip making a payload nobody reads. */
  heard(name: keyof M & string): boolean {
    return (this.#emitter.all.get(name)?.length ?? 0) > 0;
  }
}
