import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { evaluateCliStart } from '../../support/cli-evaluation';
import { makeTempDir } from '../../support/temp-dir';

/*
 * What a start of the built command line evaluates (built by the integration setup), as a user runs it: a
 * command's modules run only when it is the command asked for, a library only some commands use stays in its
 * own file, and Node's modules that a start does not need stay unloaded. Recorded by V8 in the child
 * (test/support/cli-evaluation.ts).
 */

let sim: StatusPageSimulator;
const temps: Array<ReturnType<typeof makeTempDir>> = [];
const temp = () => {
  const t = makeTempDir('statusdesk-start-evaluation-');
  temps.push(t);
  return t.dir;
};

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
});
afterAll(async () => {
  await sim.close();
  for (const t of temps) t.remove();
});

const OWN = (sources: string[]) => sources.filter((source) => !source.startsWith('node_modules/') && !source.startsWith('out/'));
/** What reads a provider's page or checks the catalogue: a subdomain that is no provider's name needs none of it. */
const PROVIDER_READING = /shared\/monitor\/provider\/(formats\/(?!format-ids\.ts)|read-|provider-summary|provider-url)|shared\/providers\/catalogue\.ts/;

describe('a start of the command line', () => {
  it('--version evaluates the program and its command table only: no command, no zod, no service', async () => {
    const { stdout, sources, files, builtins } = await evaluateCliStart(temp(), ['--version'], process.env);
    expect(stdout.trim()).toBe('0.1.0');
    expect(sources).toEqual(expect.arrayContaining(['electron/cli/program.ts', 'electron/cli/command-table.ts']));
    expect(sources.filter((source) => /electron\/cli\/commands\/|electron\/core\/|shared\/|node_modules\/zod\//.test(source))).toEqual([]);
    expect(files).toEqual(['launch.cjs', 'statusdesk.cjs']);
    expect(builtins.filter((name) => /^(http|https|tls|child_process)$/.test(name))).toEqual([]);
  });

  it('status <subdomain> evaluates its own command and what it reads with: nothing of the writers, the outbox, the other commands or the public-page address policy', async () => {
    const dir = temp();
    const home = path.join(dir, 'home');
    new SettingsStore(home).update((settings) => {
      settings.accounts.push({
        id: randomUUID(),
        name: 'Acme',
        region: 'custom',
        baseUrl: sim.baseUrl,
        subdomain: 'acme',
        createdAt: new Date().toISOString(),
      });
    });
    const { stdout, sources, files, builtins } = await evaluateCliStart(dir, ['--json', 'status', 'acme'], { ...process.env, STATUSDESK_HOME: home });
    expect(JSON.parse(stdout)).toMatchObject({ subdomain: 'acme' });

    // The record is whole: the command, its settings read and zod are in it.
    expect(sources).toEqual(expect.arrayContaining(['electron/cli/commands/read.ts', 'electron/core/settings/settings-file.ts']));
    expect(sources.some((source) => source.startsWith('node_modules/zod/'))).toBe(true);
    const others =
      /electron\/core\/(outbox|alerts|translation|operations)\/|electron\/cli\/commands\/(?!read\.ts|status-last-known\.ts)|read-provider-once|settings-store|address-policy/;
    // The settings name watched pages' formats (their records load with them); a subdomain is no catalogue name.
    expect(OWN(sources)).not.toContain('shared/providers/catalogue.ts');
    expect(OWN(sources).filter((source) => others.test(source))).toEqual([]);
    // The settings writer (conf with ajv) and Google sign-in are files of their own, not read.
    expect(sources.filter((source) => /node_modules\/(conf|ajv|ajv-formats|atomically|google-auth-library|gaxios)\//.test(source))).toEqual([]);
    expect(files).toEqual(['launch.cjs', 'statusdesk.cjs']);

    // node:http for a plain http server; not TLS, not undici (Node's fetch), not child_process.
    expect(builtins).toContain('http');
    expect(builtins.filter((name) => /undici|^https$|^tls$|^child_process$/.test(name))).toEqual([]);
  });

  it('status <subdomain> on a server named by --base-url reads no settings: their schema is not even loaded', async () => {
    const dir = temp();
    const { stdout, sources } = await evaluateCliStart(dir, ['--base-url', sim.baseUrl, '--json', 'status', 'acme'], {
      ...process.env,
      STATUSDESK_HOME: path.join(dir, 'home'),
    });
    expect(JSON.parse(stdout)).toMatchObject({ subdomain: 'acme' });
    expect(sources).toEqual(expect.arrayContaining(['electron/cli/commands/status-last-known.ts', 'electron/core/statuspal-client/client.ts']));
    expect(OWN(sources).filter((source) => /electron\/core\/settings\/settings-|shared\/accounts\/|shared\/monitor\/watched-page/.test(source))).toEqual([]);
    expect(OWN(sources).filter((source) => PROVIDER_READING.test(source))).toEqual([]);
  });
});
