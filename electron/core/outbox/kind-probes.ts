import { createHelloProbe, type ServerProbe } from '@core/connectivity/hello-probe';

/**
 * One connectivity probe for an outbox whose kinds talk to different kinds of server: each server is probed
 * the way the kind that named it says (the operations service has no /hello), others with the fallback.
 */
export class KindProbes {
  readonly #byServer = new Map<string, ServerProbe>();
  readonly #fallback: ServerProbe;

  constructor(fallback: ServerProbe = createHelloProbe()) {
    this.#fallback = fallback;
  }

  /** Remembers which probe a server needs (called as entries are seen). */
  note(server: string, probe: ServerProbe | undefined): void {
    if (probe && !this.#byServer.has(server)) this.#byServer.set(server, probe);
  }

  readonly probe: ServerProbe = (baseUrl, signal) => (this.#byServer.get(baseUrl) ?? this.#fallback)(baseUrl, signal);
}
