import { createInterface } from 'node:readline';
import { startProviderSimulator } from '../../simulators/provider/server';
import type { ProviderPageSeed } from '../../simulators/provider/model';
import { startStatusPageSimulator } from '../../simulators/statuspal';

/*
 * The month soak's simulators, in a process of their own: on real time (the soak's clock is simulated), and
 * with their own heap (what they keep of a month's incidents is not the app's). One JSON line a call on stdin:
 * { id, target: 'providers' | 'status', method, args }; one line back: { id, value } or { id, error }.
 */

interface Call {
  id: number;
  target: 'providers' | 'status';
  method: string;
  args: unknown[];
}

const seed = JSON.parse(process.argv[2] ?? '[]') as ProviderPageSeed[];
const providers = await startProviderSimulator({ seed });
const status = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
const targets = { providers, status } as unknown as Record<Call['target'], Record<string, (...args: unknown[]) => unknown>>;

process.stdout.write(`${JSON.stringify({ providersOrigin: providers.origin, statusBaseUrl: status.baseUrl, statusKey: status.keys.demoReadWrite })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const call = JSON.parse(line) as Call;
  Promise.resolve()
    .then(() => targets[call.target][call.method]!(...call.args))
    .then(
      (value) => process.stdout.write(`${JSON.stringify({ id: call.id, value: value ?? null })}\n`),
      (error: unknown) => process.stdout.write(`${JSON.stringify({ id: call.id, error: error instanceof Error ? error.message : String(error) })}\n`),
    );
});
process.stdin.on('end', () => void Promise.all([providers.close(), status.close()]).then(() => process.exit(0)));
