import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/*
 * A write to an id the server does not have. Reachable: checked first, refused with exit 2,
 * nothing kept. Offline: kept; when it then fails with 404, the writes behind it on the same item fail with it
 * and one line gives the command that drops them all. A wrong --service is refused from the page's services;
 * a 422 shows the server's reason.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});

function freshHome() {
  home?.remove();
  home = makeTempDir('statusdesk-missing-items-');
}
afterAll(() => home?.remove());

const key = () => ({ STATUSDESK_API_KEY: sim.keys.demoReadWrite });
const cli = (args: string[], baseUrl = sim.baseUrl) => runCliIn(home.dir, ['--base-url', baseUrl, ...args], key());

async function outboxEntries(): Promise<Array<{ id: string; state: string; lastError?: { status?: number } }>> {
  const listed = await cli(['--json', 'outbox', 'list']);
  return (JSON.parse(listed.stdout) as { entries: Array<{ id: string; state: string; lastError?: { status?: number } }> }).entries;
}

const MISSING = '987654';

describe('a write to an incident the server does not have', () => {
  it.each([
    ['update', ['incidents', 'update', 'acme', MISSING, '--message', 'Still looking']],
    ['resolve', ['incidents', 'resolve', 'acme', MISSING]],
    ['delete', ['incidents', 'delete', 'acme', MISSING]],
  ])('%s: refused with exit 2 when the server can be reached, and nothing is kept', async (_name, args) => {
    freshHome();
    sim.clearWriteLog();
    const result = await cli(args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe(
      `statusdesk: there is no incident #${MISSING} on page acme (the server answered 404): check the id (statusdesk incidents list acme); nothing was sent or kept\n`,
    );
    expect(await outboxEntries()).toEqual([]);
    expect(sim.writeLog()).toEqual([]);
  });

  it('offline: kept; when it then fails with 404, the write behind it fails with it, and one line drops them all', async () => {
    freshHome();
    await sim.goOffline();
    try {
      const update = await cli(['incidents', 'update', 'acme', MISSING, '--message', 'Still looking']);
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toMatch(/^queued /);
      const resolve = await cli(['incidents', 'resolve', 'acme', MISSING]);
      expect(resolve.code, resolve.stderr).toBe(0);
    } finally {
      await sim.goOnline();
    }
    const queued = await outboxEntries();
    expect(queued.map((e) => e.state)).toEqual(['pending', 'pending']);

    const flushed = await cli(['outbox', 'flush', '--timeout', '10']);
    expect(flushed.code).toBe(1);
    const [first, second] = queued.map((e) => e.id.slice(0, 8));
    expect(flushed.stderr).toContain(
      `2 writes to incident #${MISSING} cannot be sent: it is not on the server (404); drop them all: statusdesk outbox drop ${first} && statusdesk outbox drop ${second}\n`,
    );
    // Both failed at once: the second no longer waits behind the first.
    expect((await outboxEntries()).map((e) => [e.state, e.lastError?.status])).toEqual([
      ['failed', 404],
      ['failed', 404],
    ]);
    for (const id of [first!, second!]) expect((await cli(['outbox', 'drop', id])).code).toBe(0);
    expect(await outboxEntries()).toEqual([]);
  });
});

describe('what a write names', () => {
  it('a --service the page does not have is refused from its services, before anything is sent', async () => {
    freshHome();
    sim.clearWriteLog();
    const result = await cli(['incidents', 'create', 'acme', '--title', 'Checkout slow', '--type', 'minor', '--service', '1', '--service', '4242']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/^statusdesk: --service 4242: not a service of acme; its services: 1 Web, 2 API.*; nothing was sent or kept\n$/);
    expect(await outboxEntries()).toEqual([]);
    expect(sim.writeLog()).toEqual([]);
  });

  it('a 422 shows the server’s reason', async () => {
    freshHome();
    const incident = sim.openIncident({ page: 'acme', title: 'Queue backlog', type: 'minor', message: 'Looking into it' });
    // A server that says why it refused an update (the simulator answers only {"error": 422}).
    const proxy = http.createServer((request, response) => {
      if (request.method === 'POST' && /\/incidents\/\d+\/updates$/.test(request.url ?? '')) {
        response.writeHead(422, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 422, errors: { description: ['is too long (maximum is 5000 characters)'] } }));
        return;
      }
      const forwarded = http.request(`${sim.origin}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api/v2`;
      const result = await cli(['incidents', 'update', 'acme', String(incident.id), '--message', 'A very long story'], base);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^statusdesk: The server refused the data \(422\): description is too long \(maximum is 5000 characters\)/);
      expect(result.stderr).not.toMatch(/addIncidentUpdate|POST|\{incidentId\}|"errors"/);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
