import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ProviderPageSeed } from '../../simulators/provider/model';

/** The parent's side of simulators-child.ts: the two simulators, called as if they were here. */
export interface SoakSimulators {
  providersOrigin: string;
  statusBaseUrl: string;
  statusKey: string;
  call<T = unknown>(target: 'providers' | 'status', method: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startSoakSimulators(seed: readonly ProviderPageSeed[]): Promise<SoakSimulators> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'simulators-child.ts'), JSON.stringify(seed)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let first: ((line: string) => void) | null = null;
  const ready = new Promise<string>((resolve) => (first = resolve));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (first) {
      const take = first;
      first = null;
      take(line);
      return;
    }
    const answer = JSON.parse(line) as { id: number; value?: unknown; error?: string };
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.error !== undefined) waiter?.reject(new Error(answer.error));
    else waiter?.resolve(answer.value);
  });
  const hello = JSON.parse(await Promise.race([ready, exited.then((code) => Promise.reject(new Error(`the soak's simulators exited (${code})`)))])) as {
    providersOrigin: string;
    statusBaseUrl: string;
    statusKey: string;
  };
  let next = 0;
  return {
    ...hello,
    call: <T>(target: 'providers' | 'status', method: string, ...args: unknown[]) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.stdin!.write(`${JSON.stringify({ id, target, method, args })}\n`);
      }),
    close: async () => {
      child.stdin!.end();
      await exited;
    },
  };
}
