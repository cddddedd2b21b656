import { describe, expect, it } from 'vitest';
import { forgetMany, type ForgetDivert } from '../../../electron/core/operations/forget-many';
import type { ForgetSuccess } from '../../../electron/core/operations/forget-success';
import { AppError } from '../../../shared/errors';

function fakeClient(behaviour: (name: string) => Promise<ForgetSuccess>) {
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: string[] = [];
  return {
    calls,
    maxInFlight: () => maxInFlight,
    async forget(name: string): Promise<ForgetSuccess> {
      calls.push(name);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return await behaviour(name);
      } finally {
        inFlight--;
      }
    },
  };
}

describe('forgetMany', () => {
  it('returns one result per name, in order, and never throws for one failure', async () => {
    const client = fakeClient(async (name) => {
      if (name === 'b') throw new AppError('not_found', 'No such operation: b', { status: 404 });
      if (name === 'c') throw new Error('boom with a secret ya29.x');
      return { outcome: name === 'd' ? 'already_gone' : 'forgotten', attempts: 1, status: name === 'd' ? 404 : 200 };
    });
    const results = await forgetMany(client, ['a', 'b', 'c', 'd']);
    expect(results.map((r) => [r.name, r.outcome, r.code])).toEqual([
      ['a', 'forgotten', undefined],
      ['b', 'failed', 'not_found'],
      ['c', 'failed', 'internal'],
      ['d', 'already_gone', undefined],
    ]);
    expect(results[1]).toMatchObject({ status: 404, message: 'No such operation: b' });
    expect(results[2]!.message).not.toContain('ya29');
  });

  it('bounds concurrency and sends a repeated name once', async () => {
    const client = fakeClient(async () => ({ outcome: 'forgotten', attempts: 1, status: 200 }));
    const names = ['a', 'b', 'c', 'a', 'd', 'e', 'f', 'g'];
    const seen: string[] = [];
    const results = await forgetMany(client, names, { concurrency: 2, onResult: (r) => seen.push(r.name) });
    expect(client.maxInFlight()).toBe(2);
    expect(client.calls.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(results.map((r) => r.name)).toEqual(names);
    expect(seen).toHaveLength(7);
  });

  it('reports names not yet started as cancelled when the batch is cancelled', async () => {
    const controller = new AbortController();
    const client = fakeClient(async () => {
      controller.abort();
      return { outcome: 'forgotten', attempts: 1, status: 200 };
    });
    const results = await forgetMany(client, ['a', 'b', 'c'], { concurrency: 1, signal: controller.signal });
    expect(results.map((r) => r.outcome)).toEqual(['forgotten', 'failed', 'failed']);
    expect(results[2]).toMatchObject({ code: 'cancelled' });
  });

  it('lets a divert take over names: before sending once the service is known down, and after a failure it chooses', async () => {
    const client = fakeClient(async (name) => {
      if (name === 'a') throw new AppError('network', 'Forgetting a: the connection was refused (ECONNREFUSED).');
      if (name === 'b') throw new AppError('forbidden', 'Forgetting b: permission denied.', { status: 403 });
      return { outcome: 'forgotten', attempts: 1, status: 200 };
    });
    let down = false;
    const divert: ForgetDivert = {
      before: () => down,
      async take(name, error) {
        if (error !== null && error.code !== 'network') return null;
        down = true;
        return { name, outcome: 'queued', outboxId: `id-${name}`, message: 'Queued.' };
      },
    };
    const results = await forgetMany(client, ['a', 'b', 'c'], { concurrency: 1, divert });
    expect(results.map((r) => [r.name, r.outcome])).toEqual([
      ['a', 'queued'],
      ['b', 'queued'],
      ['c', 'queued'],
    ]);
    // Only a was tried: once it could not connect, the rest went straight to the divert.
    expect(client.calls).toEqual(['a']);

    // A failure the divert does not take (403) keeps its own result.
    down = false;
    const again = await forgetMany(client, ['b'], { divert });
    expect(again).toMatchObject([{ name: 'b', outcome: 'failed', code: 'forbidden', status: 403 }]);
  });
});
