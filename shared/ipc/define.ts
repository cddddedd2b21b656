import type { z } from 'zod';
import type { AppErrorShape } from '../errors';

/** A request/response channel: the renderer asks, the main process answers. */
export interface InvokeChannel<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'invoke';
  readonly request: Req;
  readonly response: Res;
}

/** A push channel: the main process tells the renderer something happened. */
export interface EventChannel<Payload extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly payload: Payload;
}

export type Channel = InvokeChannel | EventChannel;
export type Contract = Record<string, Channel>;

export function invoke<Req extends z.ZodType, Res extends z.ZodType>(request: Req, response: Res): InvokeChannel<Req, Res> {
  return { kind: 'invoke', request, response };
}

export function event<Payload extends z.ZodType>(payload: Payload): EventChannel<Payload> {
  return { kind: 'event', payload };
}

/** Every invoke answers with this envelope, so the renderer always gets a typed error, never a thrown stack. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

// ---- Deriving the renderer's `window.api` from a contract ----------------------------------------

/** Channel names are `group.method`; an event's method name starts with `on`. */
type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
type MethodOf<K, G extends string> = K extends `${G}.${infer M}` ? M : never;

type MethodFor<C extends Channel> =
  C extends InvokeChannel<infer Req, infer Res>
    ? undefined extends z.input<Req>
      ? (request?: z.input<Req>) => Promise<Result<z.output<Res>>>
      : (request: z.input<Req>) => Promise<Result<z.output<Res>>>
    : C extends EventChannel<infer P>
      ? (listener: (payload: z.output<P>) => void) => () => void
      : never;

export type ApiOf<C extends Contract> = {
  [G in GroupOf<keyof C & string>]: {
    [M in MethodOf<keyof C & string, G>]: MethodFor<C[`${G}.${M}`]>;
  };
};

export type RequestOf<C extends Contract, K extends keyof C> = C[K] extends InvokeChannel<infer Req> ? z.output<Req> : never;
export type ResponseOf<C extends Contract, K extends keyof C> = C[K] extends InvokeChannel<z.ZodType, infer Res> ? z.output<Res> : never;
export type PayloadOf<C extends Contract, K extends keyof C> = C[K] extends EventChannel<infer P> ? z.output<P> : never;

export type InvokeKeys<C extends Contract> = { [K in keyof C]: C[K] extends InvokeChannel ? K : never }[keyof C] & string;
export type EventKeys<C extends Contract> = { [K in keyof C]: C[K] extends EventChannel ? K : never }[keyof C] & string;

/** A flat, serialisable description of a contract: what the preload (or a test harness) needs to build the api. */
export interface ChannelDescriptor {
  channel: string;
  group: string;
  method: string;
  kind: Channel['kind'];
}

export function describeContract(contract: Contract): ChannelDescriptor[] {
  return Object.entries(contract).map(([channel, definition]) => {
    const dot = channel.indexOf('.');
    if (dot <= 0 || dot === channel.length - 1 || channel.indexOf('.', dot + 1) !== -1) {
      throw new Error(`IPC channel "${channel}" must be named group.method`);
    }
    const method = channel.slice(dot + 1);
    if ((definition.kind === 'event') !== /^on[A-Z]/.test(method)) {
      throw new Error(`IPC channel "${channel}": event methods, and only they, start with "on"`);
    }
    return { channel, group: channel.slice(0, dot), method, kind: definition.kind };
  });
}

interface ApiTransport {
  invoke(channel: string, request: unknown): Promise<unknown>;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds the `window.api` object: one method per channel. Used by the preload (over ipcRenderer) and by the
 * end-to-end harness (over a Playwright binding), so both expose exactly the same surface.
 */
export function buildApi(descriptors: readonly ChannelDescriptor[], transport: ApiTransport): Record<string, Record<string, unknown>> {
  const api: Record<string, Record<string, unknown>> = {};
  for (const { channel, group, method, kind } of descriptors) {
    const target = (api[group] ??= {});
    target[method] =
      kind === 'invoke'
        ? (request?: unknown) => transport.invoke(channel, request)
        : (listener: (payload: unknown) => void) => {
            if (typeof listener !== 'function') throw new TypeError(`${channel} needs a listener function`);
            return transport.subscribe(channel, listener);
          };
  }
  return api;
}
