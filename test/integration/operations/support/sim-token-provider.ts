import type { AccessTokenProvider } from '../../../../electron/core/operations/token-provider';
import type { OperationsSimulator } from '../../../../simulators/operations';

/** A provider backed by the simulator's token registry; counts refreshes. `refreshTo` picks what a refresh hands out. */
export function simTokenProvider(sim: OperationsSimulator, options: { refreshTo?: 'fresh' | 'expired' } = {}) {
  let token = sim.issueAccessToken();
  const counts = { get: 0, refresh: 0 };
  const given: string[] = [token];
  const provider: AccessTokenProvider = {
    async checkDestination() {},
    async getAccessToken() {
      counts.get++;
      return token;
    },
    async refresh() {
      counts.refresh++;
      token = sim.issueAccessToken(options.refreshTo === 'expired' ? { lifetimeSeconds: 0 } : {});
      given.push(token);
      return token;
    },
    describe: () => ({ kind: 'pasted' }),
  };
  return { provider, counts, given };
}

/** An injected sleep that records what it was asked to wait and returns at once. */
export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
