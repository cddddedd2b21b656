import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/* A create refused for its key (401) is reported as such and not left as a failed write. */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  home = makeTempDir('statusdesk-key-refused-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

const cli = (args: string[], key: string) => runCliIn(home.dir, ['--base-url', sim.baseUrl, ...args], { STATUSDESK_API_KEY: key });

describe('a write whose key the server refuses', () => {
  it('says the key was not accepted, keeps nothing to drop by hand, and never echoes the key', async () => {
    const key = 'not-a-real-key-0123456789';
    const result = await cli(['incidents', 'create', 'acme', '--title', 'Checkout down', '--type', 'major', '--message', 'Investigating'], key);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/the API key was not accepted, so nothing was sent or kept; fix the key/);
    expect(result.stderr).not.toContain(key);
    expect(result.stderr).not.toMatch(/outbox retry\|drop/);
    const list = await cli(['--json', 'outbox', 'list'], key);
    expect(JSON.parse(list.stdout)).toMatchObject({ entries: [], status: { failed: 0 } });
    expect(sim.writeLog()).toEqual([]);
  });
});
