import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SwitchableService {
  /** The address to configure in the app: the same while the service is down and after it is back. */
  readonly baseUrl: string;
  /** Stops listening and cuts open connections: connecting now fails with ECONNREFUSED, as with a stopped service. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The operations service going away and coming back, on one fixed loopback address: a TCP relay in front of a
 * simulator. Restarting the simulator itself would lose its issued tokens and its request log, so the relay
 * is what stops; the simulator behind it keeps its operations, tokens and log of every request that arrived.
 */
export async function switchableService(target: string): Promise<SwitchableService> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const relay = (client: net.Socket) => {
    const backend = net.connect(Number(upstream.port), upstream.hostname);
    sockets.add(client);
    sockets.add(backend);
    const drop = () => {
      client.destroy();
      backend.destroy();
      sockets.delete(client);
      sockets.delete(backend);
    };
    client.on('error', drop).on('close', drop);
    backend.on('error', drop).on('close', drop);
    client.pipe(backend).pipe(client);
  };

  const up = async () => {
    if (server) return;
    const listening = net.createServer(relay);
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        listening.off('error', reject);
        resolve();
      });
    });
    port = (listening.address() as AddressInfo).port;
    server = listening;
  };

  const down = async () => {
    const listening = server;
    if (!listening) return;
    server = null;
    const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  await up();
  return {
    get baseUrl() {
      return `http://127.0.0.1:${port}`;
    },
    down,
    up,
    close: down,
  };
}
