import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertsApi } from '@core/alerts/alerts-api';
import type { ServeLog } from './serve-log';

/*
 * One log line each time a delivery moves: queued, held by quiet hours, delivered, queued again after a
 * failure (with why and when next), or NOT DELIVERED with the reason. Read from the same delivery log the
 * window and `statusdesk alerts list` show, so the three always agree.
 */

/** How many of the newest deliveries are compared at each change: far more than move between two changes. */
const FOLLOWED = 500;

export class DeliveryLogFollower {
  readonly #api: AlertsApi;
  readonly #log: ServeLog;
  readonly #seen = new Map<string, string>();
  #running: Promise<void> = Promise.resolve();
  #again = false;
  #off: (() => void) | null = null;

  constructor(api: AlertsApi, log: ServeLog) {
    this.#api = api;
    this.#log = log;
  }

  /** Takes what the log holds now as known (said once, as a count), then follows every change. */
  async start(): Promise<AlertDeliveryView[]> {
    const now = await this.#api.deliveries({ limit: FOLLOWED });
    for (const delivery of now) this.#seen.set(delivery.id, stateKey(delivery));
    this.#off = this.#api.onChange(() => this.#changed());
    return now;
  }

  /** Stops following after the changes already told have been logged. */
  async stop(): Promise<void> {
    this.#off?.();
    this.#off = null;
    await this.#changed();
  }

  #changed(): Promise<void> {
    // One read at a time; a change during a read asks for one more read after it.
    if (this.#again) return this.#running;
    this.#again = true;
    this.#running = this.#running.then(async () => {
      this.#again = false;
      try {
        const deliveries = await this.#api.deliveries({ limit: FOLLOWED });
        for (const delivery of [...deliveries].reverse()) this.#compare(delivery);
      } catch (error) {
        this.#log.warn('the delivery log could not be read', { reason: error instanceof Error ? error.message : String(error) });
      }
    });
    return this.#running;
  }

  #compare(delivery: AlertDeliveryView): void {
    const key = stateKey(delivery);
    if (this.#seen.get(delivery.id) === key) return;
    this.#seen.set(delivery.id, key);
    const fields = {
      delivery: delivery.id,
      destination: delivery.destinationName,
      kind: delivery.kind,
      title: delivery.title,
      severity: delivery.severity,
      pages: delivery.pageNames.join(', '),
      changes: delivery.changes,
      attempts: delivery.attempts,
      test: delivery.test || undefined,
    };
    switch (delivery.state) {
      case 'delivered':
        this.#log.info('delivered', { ...fields, deliveredAt: delivery.deliveredAt });
        return;
      case 'held':
        this.#log.info('held by quiet hours', fields);
        return;
      case 'not_delivered':
        this.#log.error('NOT DELIVERED', { ...fields, reason: delivery.problem ?? 'no reason was recorded' });
        return;
      case 'queued':
        if (delivery.attempts === 0) this.#log.info('queued', fields);
        else this.#log.warn('not delivered yet, will try again', { ...fields, reason: delivery.problem, nextAttemptAt: delivery.nextAttemptAt });
    }
  }
}

function stateKey(delivery: AlertDeliveryView): string {
  return `${delivery.state}\u0000${delivery.attempts}`;
}
