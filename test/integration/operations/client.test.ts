import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvTokenProvider } from '../../../electron/core/operations/env-token-provider';
import { OperationsClient, type OperationsClientOptions } from '../../../electron/core/operations/operations-client';
import { PastedTokenProvider } from '../../../electron/core/operations/pasted-token-provider';
import { realSleep } from '../../../electron/core/timing/sleep';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { AppError } from '../../../shared/errors';
import { recordingSleep, simTokenProvider } from './support/sim-token-provider';

const op = (id: string) => `projects/demo-project/locations/us-central1/operations/${id}`;

let sim: OperationsSimulator;
beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: [op('a'), op('b'), op('c')] });
});
afterEach(async () => {
  await sim.close();
});

function makeClient(overrides: Partial<OperationsClientOptions> = {}) {
  const tokens = simTokenProvider(sim);
  const timing = recordingSleep();
  const client = new OperationsClient({
    baseUrl: sim.baseUrl,
    tokenProvider: tokens.provider,
    sleep: timing.sleep,
    random: () => 0.5,
    ...overrides,
  });
  return { client, tokens, waits: timing.waits };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

const statuses = () => sim.requests('delete').map((r) => r.status);

describe('DELETE /v1/{name} against the simulator', () => {
  it('forgets an operation answered with an empty body', async () => {
    const { client } = makeClient();
    await expect(client.forget(op('a'))).resolves.toEqual({ outcome: 'forgotten', attempts: 1, status: 200 });
    const [request] = sim.requests('delete');
    expect(request).toMatchObject({ method: 'DELETE', path: `/v1/${op('a')}`, name: op('a'), bodyBytes: 0, auth: 'active', status: 200 });
    expect(sim.operations()).not.toContain(op('a'));
  });

  it('forgets an operation answered with {}', async () => {
    sim.setSuccessBody('json');
    const { client } = makeClient();
    await expect(client.forget(op('b'))).resolves.toMatchObject({ outcome: 'forgotten' });
    expect(statuses()).toEqual([200]);
  });

  it('sends nothing for a malformed name', async () => {
    const { client, tokens } = makeClient();
    for (const name of ['projects/p/locations/l/operations/../x', 'operations/x', 'projects/p/locations/l/operations/a b', '']) {
      const error = await failure(client.forget(name));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(/projects\/<project>\/locations\/<location>\/operations\/<operation>/);
    }
    expect(sim.requests()).toEqual([]);
    expect(tokens.counts.get).toBe(0);
  });

  it('refreshes the token once after a 401, then succeeds', async () => {
    const { client, tokens } = makeClient();
    sim.expireAllTokens();
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'forgotten', attempts: 2 });
    expect(tokens.counts.refresh).toBe(1);
    expect(sim.requests('delete').map((r) => [r.status, r.auth])).toEqual([
      [401, 'expired'],
      [200, 'active'],
    ]);
  });

  it('fails on a second 401, without a second refresh', async () => {
    const tokens = simTokenProvider(sim, { refreshTo: 'expired' });
    const { client } = makeClient({ tokenProvider: tokens.provider });
    sim.expireAllTokens();
    const error = await failure(client.forget(op('a')));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(error.message).toMatch(/even after a refresh/);
    expect(tokens.counts.refresh).toBe(1);
    expect(statuses()).toEqual([401, 401]);
    expect(sim.operations()).toContain(op('a'));
  });

  it('treats a 404 on the first attempt as a failure', async () => {
    const { client } = makeClient();
    const error = await failure(client.forget(op('never-existed')));
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.message).toContain(`No such operation: ${op('never-existed')}`);
    expect(statuses()).toEqual([404]);
  });

  it('a 404 that is not a google.rpc.Status is not "No such operation": the address is questioned', async () => {
    const web = createServer((_req, res) => res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>Not Found</body></html>'));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
      const error = await failure(makeClient({ baseUrl }).client.forget(op('a')));
      expect(error).toMatchObject({ code: 'http', status: 404 });
      expect(error.message).toBe(
        `Forgetting ${op('a')}: ${baseUrl} answered HTTP 404 with something that is not the operations API's error; check the service address (nothing is known to be forgotten).`,
      );
      expect(error.message).not.toMatch(/No such operation/);
    } finally {
      web.closeAllConnections();
      await new Promise<void>((resolve) => web.close(() => resolve()));
    }
  });

  it('an address given with /v1 still sends DELETE /v1/{name}, not /v1/v1/…', async () => {
    const { client } = makeClient({ baseUrl: `${sim.baseUrl}/v1` });
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'forgotten' });
    expect(sim.requests('delete').map((r) => r.path)).toEqual([`/v1/${op('a')}`]);
  });

  it('counts a 404 after a connection reset (delete applied) as already gone', async () => {
    const { client, waits } = makeClient();
    sim.setFaults([{ kind: 'reset', applied: true }]);
    await expect(client.forget(op('a'))).resolves.toEqual({ outcome: 'already_gone', attempts: 2, status: 404 });
    expect(statuses()).toEqual(['reset', 404]);
    expect(waits).toHaveLength(1);
  });

  it('retries a reset that happened before the delete, and forgets it then', async () => {
    const { client } = makeClient();
    sim.setFaults([{ kind: 'reset', applied: false }]);
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'forgotten', attempts: 2 });
    expect(statuses()).toEqual(['reset', 200]);
  });

  it('counts a 404 after a 504 whose work was done as already gone', async () => {
    const { client } = makeClient();
    sim.setFaults([{ kind: 'status', status: 504, applied: true }]);
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'already_gone' });
    expect(statuses()).toEqual([504, 404]);
  });

  it('counts a 404 after a client timeout as already gone', async () => {
    // The slow first request is applied after the client gave up; the retry waits long enough to see that.
    const { client } = makeClient({ timeoutMs: 100, sleep: (ms, signal) => realSleep(ms + 400, signal) });
    sim.setFaults([{ kind: 'delay', ms: 250 }]);
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'already_gone', attempts: 2 });
  });

  it('reports UNIMPLEMENTED as unsupported after exactly one request', async () => {
    sim.setMode('unimplemented');
    const { client, waits, tokens } = makeClient();
    const error = await failure(client.forget(op('a')));
    expect(error).toMatchObject({ code: 'unsupported', status: 501 });
    expect(error.message).toMatch(/does not support deleting .*long-running operations/);
    expect(error.message).toContain('UNIMPLEMENTED');
    expect(statuses()).toEqual([501]);
    expect(waits).toEqual([]);
    expect(tokens.counts.refresh).toBe(0);
  });

  it('retries 429, 503 and 504 with exponential backoff and jitter, then succeeds', async () => {
    const { client, waits } = makeClient({ baseDelayMs: 500, random: () => 0.5 });
    sim.setFaults([
      { kind: 'status', status: 429 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 504 },
    ]);
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'forgotten', attempts: 4 });
    expect(statuses()).toEqual([429, 503, 504, 200]);
    // Full jitter with random 0.5: half of 500, 1000, 2000.
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('honours Retry-After', async () => {
    const { client, waits } = makeClient();
    sim.setFaults([
      { kind: 'status', status: 429, retryAfter: '7' },
      { kind: 'status', status: 503, retryAfter: '2' },
    ]);
    await expect(client.forget(op('a'))).resolves.toMatchObject({ outcome: 'forgotten' });
    expect(waits).toEqual([7000, 2000]);
  });

  it('reports a Retry-After longer than it will wait instead of sleeping through it', async () => {
    const { client, waits } = makeClient({ maxRetryAfterMs: 60_000 });
    sim.setFaults([{ kind: 'status', status: 429, retryAfter: '3600' }]);
    const error = await failure(client.forget(op('a')));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(error.message).toMatch(/asked to wait 3600 s/);
    expect(waits).toEqual([]);
  });

  it('gives up after four attempts', async () => {
    const { client, waits } = makeClient();
    sim.setFaults(Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 503 as const })));
    const error = await failure(client.forget(op('a')));
    expect(error).toMatchObject({ code: 'http', status: 503 });
    expect(error.message).toMatch(/UNAVAILABLE.*gave up after 4 attempts/);
    expect(statuses()).toEqual([503, 503, 503, 503]);
    expect(waits).toHaveLength(3);
  });

  it('fails at once on 400 and 403 with the server message', async () => {
    const { client, waits } = makeClient();
    sim.setFaults([{ kind: 'status', status: 403 }]);
    const denied = await failure(client.forget(op('a')));
    expect(denied).toMatchObject({ code: 'forbidden', status: 403 });
    expect(denied.message).toContain("PERMISSION_DENIED: Permission 'migrationcenter.operations.delete' denied");
    sim.setFaults([{ kind: 'status', status: 400, message: 'Invalid operation id.' }]);
    const invalid = await failure(client.forget(op('b')));
    expect(invalid).toMatchObject({ code: 'http', status: 400 });
    expect(invalid.message).toContain('INVALID_ARGUMENT: Invalid operation id.');
    expect(statuses()).toEqual([403, 400]);
    expect(waits).toEqual([]);
  });

  it('fails clearly when nothing listens, after retrying', async () => {
    const other = await startOperationsSimulator();
    const baseUrl = other.baseUrl;
    await other.close();
    const { client, waits } = makeClient({ baseUrl });
    const error = await failure(client.forget(op('a')));
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/refused.*gave up after 4 attempts/);
    expect(waits).toHaveLength(3);
  });

  it('stops when cancelled while waiting to retry', async () => {
    const controller = new AbortController();
    const { client } = makeClient({
      sleep: realSleep,
      baseDelayMs: 60_000,
      random: () => 0.99,
      onAttempt: (event) => {
        if (event.delayMs !== undefined) controller.abort();
      },
    });
    sim.setFaults([{ kind: 'status', status: 503 }]);
    const error = await failure(client.forget(op('a'), { signal: controller.signal }));
    expect(error.code).toBe('cancelled');
    expect(statuses()).toEqual([503]);
  });

  it('never puts a token in a message, even when the server echoes it', async () => {
    const tokens = simTokenProvider(sim, { refreshTo: 'expired' });
    const { client } = makeClient({ tokenProvider: tokens.provider });
    const messages: string[] = [];
    const collect = async (promise: Promise<unknown>) => messages.push((await failure(promise)).message);

    sim.setFaults([{ kind: 'status', status: 403, message: `Token ${tokens.given[0]} lacks permission` }]);
    await collect(client.forget(op('a')));
    sim.expireAllTokens();
    await collect(client.forget(op('a')));
    await collect(client.forget(op('missing')));
    sim.setMode('unimplemented');
    await collect(client.forget(op('a')));

    expect(messages[0]).toContain('[redacted]');
    const secrets = sim.issuedSecrets();
    expect(secrets.length).toBeGreaterThan(1);
    for (const message of messages) for (const secret of secrets) expect(message).not.toContain(secret);
    for (const entry of sim.requests()) for (const secret of secrets) expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('forgets many names with one result each, in order', async () => {
    const { client } = makeClient();
    sim.setFaults([{ kind: 'status', status: 503 }]);
    const names = [op('a'), op('missing'), 'not/an/operation', op('b'), op('a'), op('c')];
    const results = await client.forgetMany(names, { concurrency: 2 });
    expect(results.map((r) => [r.name, r.outcome, r.code])).toEqual([
      [op('a'), 'forgotten', undefined],
      [op('missing'), 'failed', 'not_found'],
      ['not/an/operation', 'failed', 'invalid_input'],
      [op('b'), 'forgotten', undefined],
      [op('a'), 'forgotten', undefined],
      [op('c'), 'forgotten', undefined],
    ]);
    expect(sim.operations()).toEqual([]);
    // a, missing, b, c once each, plus one retry after the 503.
    expect(sim.requests('delete')).toHaveLength(5);
  });

  it('turns a refused pasted token into "paste a new token"', async () => {
    const pasted = sim.issueAccessToken({ lifetimeSeconds: 0 });
    const client = new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: new PastedTokenProvider(pasted, sim.baseUrl) });
    const [result] = await client.forgetMany([op('a')]);
    expect(result).toMatchObject({ outcome: 'failed', code: 'unauthorized', message: expect.stringMatching(/Paste a new token/) });
    expect(result!.message).not.toContain(pasted);
    expect(statuses()).toEqual([401]);
  });

  it('uses STATUSDESK_ACCESS_TOKEN for the command line', async () => {
    const env = { STATUSDESK_ACCESS_TOKEN: sim.issueAccessToken() };
    const client = new OperationsClient({ baseUrl: sim.baseUrl, tokenProvider: new EnvTokenProvider({ env }) });
    await expect(client.forget(op('c'))).resolves.toMatchObject({ outcome: 'forgotten' });
  });

  it('refuses a non-loopback plain-http base URL and defaults to the real service', () => {
    const provider = new PastedTokenProvider('ya29.token-value', 'https://migrationcenter.googleapis.com');
    expect(() => new OperationsClient({ baseUrl: 'http://migrationcenter.example.com', tokenProvider: provider })).toThrow(AppError);
    expect(new OperationsClient({ tokenProvider: provider }).urlFor(op('x'))).toBe(`https://migrationcenter.googleapis.com/v1/${op('x')}`);
  });
});
