import type { z } from 'zod';

/*
 * A schema built the first time anything reads it. zod builds every part of a schema where it is declared, a few
 * microseconds each before the code is warm: declaring every schema of the Status Page API costs a command that
 * calls one operation about a tenth of its start. Deferred, each is built on its first parse (or any other read)
 * and is then the schema itself: the same methods, types, checks and errors.
 */
export function deferredSchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key, schema()),
    set: (_, key, value) => Reflect.set(schema(), key, value, schema()),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported configurable: the proxy's own target has none of these, and a proxy may not say otherwise.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
