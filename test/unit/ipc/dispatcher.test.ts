import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { invoke } from '../../../shared/ipc/define';
import { createIpcDispatcher } from '../../../electron/core/ipc/dispatcher';

const contract = {
  'things.get': invoke(z.object({ id: z.number().int() }), z.object({ id: z.number(), name: z.string() })),
  'things.fail': invoke(z.undefined(), z.null()),
  'things.crash': invoke(z.undefined(), z.null()),
  'things.leak': invoke(z.undefined(), z.object({ name: z.string() })),
  'things.wrong': invoke(z.undefined(), z.object({ name: z.string() })),
} as const;

const app = 'http://127.0.0.1:5000';
const main = { url: `${app}/index.html`, isMainFrame: true };

function setup() {
  const onInternalError = vi.fn();
  const handlers = {
    'things.get': vi.fn(async ({ id }: { id: number }) => ({ id, name: `thing ${id}` })),
    'things.fail': vi.fn(async (): Promise<null> => {
      throw new AppError('not_found', 'No such thing.', { status: 404 });
    }),
    'things.crash': vi.fn(async (): Promise<null> => {
      throw new Error('secret-token-123 at /home/user/file.ts:12');
    }),
    'things.leak': vi.fn(async () => ({ name: 'x', apiKey: 'k3y-should-not-cross' }) as { name: string }),
    'things.wrong': vi.fn(async () => ({ name: 42 }) as unknown as { name: string }),
  };
  const dispatcher = createIpcDispatcher(contract, handlers, { appOrigins: [app], onInternalError });
  return { dispatcher, handlers, onInternalError };
}

describe('IPC dispatcher', () => {
  it('answers a valid request from the app with the value', async () => {
    const { dispatcher } = setup();
    await expect(dispatcher.dispatch('things.get', { id: 3 }, main)).resolves.toEqual({ ok: true, value: { id: 3, name: 'thing 3' } });
  });

  it.each([
    ['no frame', null],
    ['a sub-frame of the app', { url: `${app}/index.html`, isMainFrame: false }],
    ['another origin', { url: 'https://evil.example/', isMainFrame: true }],
    ['a look-alike host', { url: 'http://127.0.0.1:5000.evil.example/', isMainFrame: true }],
    ['another port', { url: 'http://127.0.0.1:5001/', isMainFrame: true }],
    ['a file URL', { url: 'file:///etc/passwd', isMainFrame: true }],
  ])('refuses %s without calling the handler', async (_name, sender) => {
    const { dispatcher, handlers } = setup();
    const result = await dispatcher.dispatch('things.get', { id: 1 }, sender);
    expect(result).toEqual({ ok: false, error: { code: 'untrusted_sender', message: expect.any(String) } });
    expect(handlers['things.get']).not.toHaveBeenCalled();
  });

  it('refuses unknown channels, including prototype names', async () => {
    const { dispatcher } = setup();
    for (const channel of ['things.nope', '__proto__', 'constructor', 'toString']) {
      const result = await dispatcher.dispatch(channel, undefined, main);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('answers invalid payloads with invalid_input and never calls the handler', async () => {
    const { dispatcher, handlers } = setup();
    for (const payload of [undefined, null, {}, { id: 'x' }, { id: 1.5 }, [1], 'id']) {
      const result = await dispatcher.dispatch('things.get', payload, main);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(handlers['things.get']).not.toHaveBeenCalled();
  });

  it('passes typed errors through and hides unexpected ones', async () => {
    const { dispatcher, onInternalError } = setup();
    await expect(dispatcher.dispatch('things.fail', undefined, main)).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No such thing.', status: 404 },
    });
    const crashed = await dispatcher.dispatch('things.crash', undefined, main);
    expect(crashed).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(crashed)).not.toMatch(/secret-token|file\.ts|at /);
    expect(onInternalError).toHaveBeenCalledTimes(1);
  });

  it('strips fields the response schema does not name, and refuses answers that fail it', async () => {
    const { dispatcher, onInternalError } = setup();
    const leaked = await dispatcher.dispatch('things.leak', undefined, main);
    expect(leaked).toEqual({ ok: true, value: { name: 'x' } });
    const wrong = await dispatcher.dispatch('things.wrong', undefined, main);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(onInternalError).toHaveBeenCalled();
  });

  it('will not start with a channel that has no handler', () => {
    expect(() => createIpcDispatcher(contract, {} as never, { appOrigins: [app] })).toThrow(/No handler/);
  });
});
