import type { MonitorEvent } from '@shared/monitor/events';
import type { OutboxEntryView } from '@shared/outbox/entry-view';

/** How long after our write its echo in a page's summary is recognised (a few polls). */
const ECHO_WINDOW_MS = 15 * 60 * 1000;

/**
 * The writes this app sent, so the monitor does not notify the user of their own incident, update or
 * resolution when the next poll shows it. Recognised by server, page and the id the server gave: the incident
 * for a create, the update for an update or a resolution. What someone else writes on the same incident
 * still notifies.
 */
export class OwnWrites {
  readonly #seen = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A sent outbox entry: remembers the object it made, when it is one the monitor would report. */
  noteSent(entry: OutboxEntryView, baseUrl: string | null): void {
    const id = entry.result?.id;
    const subdomain = entry.input.subdomain;
    if (baseUrl === null || typeof subdomain !== 'string' || id === undefined || id === null) return;
    const kind = entry.operation === 'createIncident' ? 'incident' : entry.operation === 'addIncidentUpdate' ? 'update' : null;
    if (kind === null) return;
    this.#prune();
    this.#seen.set(keyOf(baseUrl, subdomain, kind, id), this.#now());
  }

  /** Whether an event is the echo of one of our writes on this page. */
  isOwn(page: { baseUrl: string; subdomain: string }, event: MonitorEvent): boolean {
    if (this.#seen.size === 0) return false;
    const now = this.#now();
    const fresh = (key: string) => {
      const at = this.#seen.get(key);
      return at !== undefined && now - at <= ECHO_WINDOW_MS;
    };
    switch (event.type) {
      case 'incident.opened':
        return fresh(keyOf(page.baseUrl, page.subdomain, 'incident', event.incident.id));
      case 'incident.updated':
      case 'incident.resolved': {
        const update = event.incident.latestUpdate;
        return update !== null && fresh(keyOf(page.baseUrl, page.subdomain, 'update', update.id));
      }
      default:
        return false;
    }
  }

  #prune(): void {
    const now = this.#now();
    for (const [key, at] of this.#seen) if (now - at > ECHO_WINDOW_MS) this.#seen.delete(key);
  }
}

function keyOf(baseUrl: string, subdomain: string, kind: 'incident' | 'update', id: string | number): string {
  return `${baseUrl.replace(/\/+$/, '')}|${subdomain.toLowerCase()}|${kind}|${id}`;
}
