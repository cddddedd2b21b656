import { vi } from 'vitest';
// The renderer's global `window.api` type, for the stores behind this fake (tsconfig.json holds no renderer types).
import type {} from '../../../../renderer/src/env.d.ts';
import type { AppErrorShape } from '../../../../shared/errors';
import type { StatusdeskApi } from '../../../../shared/ipc/contract';
import type { Result } from '../../../../shared/ipc/define';

/*
 * The renderer's `window.api`, faked for store tests: each test answers the invoke channels it expects, typed
 * by the IPC contract, and pushes events through `emit` as the main process would. A channel the test did
 * not answer throws, naming itself, so a store that asks for more than the test expects fails loudly.
 */

type Api = StatusdeskApi;
type Group = keyof Api;
type Answers = { [G in Group]?: Partial<Api[G]> };
type EventMethod<G extends Group> = { [M in keyof Api[G]]: M extends `on${string}` ? M : never }[keyof Api[G]];
type PayloadOf<F> = F extends (listener: (payload: infer P) => void) => () => void ? P : never;

interface FakeApi {
  readonly api: Api;
  /** Every invoke the store made, as `group.method` with its request. */
  readonly calls: Array<{ channel: string; request: unknown }>;
  /** Pushes an event to the listeners the store subscribed. */
  emit<G extends Group, M extends EventMethod<G>>(group: G, method: M, payload: PayloadOf<Api[G][M]>): void;
  /** How many listeners are subscribed to one event now. */
  listenerCount<G extends Group>(group: G, method: EventMethod<G>): number;
}

export function ok<T>(value: T): Promise<Result<T>> {
  return Promise.resolve({ ok: true, value });
}

export function refused(error: AppErrorShape): Promise<Result<never>> {
  return Promise.resolve({ ok: false, error });
}

/** Builds the fake and puts it where the renderer looks for it (`window.api`); `vi.unstubAllGlobals` removes it. */
export function installFakeApi(answers: Answers = {}): FakeApi {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeApi['calls'] = [];
  const groups = answers as Record<string, Record<string, ((request?: unknown) => unknown) | undefined> | undefined>;

  const groupProxy = (group: string) =>
    new Proxy(
      {},
      {
        get(_target, property) {
          const method = String(property);
          const channel = `${group}.${method}`;
          if (/^on[A-Z]/.test(method)) {
            return (listener: (payload: unknown) => void) => {
              const set = listeners.get(channel) ?? new Set();
              listeners.set(channel, set);
              set.add(listener);
              return () => set.delete(listener);
            };
          }
          const answer = groups[group]?.[method];
          return (request?: unknown) => {
            calls.push({ channel, request });
            if (!answer) throw new Error(`window.api.${channel} was called but this test does not answer it`);
            return answer(request);
          };
        },
      },
    );

  const api = new Proxy({}, { get: (_target, group) => groupProxy(String(group)) }) as Api;
  vi.stubGlobal('window', { api });
  return {
    api,
    calls,
    emit(group, method, payload) {
      for (const listener of [...(listeners.get(`${String(group)}.${String(method)}`) ?? [])]) listener(payload);
    },
    listenerCount(group, method) {
      return listeners.get(`${String(group)}.${String(method)}`)?.size ?? 0;
    },
  };
}
