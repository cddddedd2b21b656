import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/* Incidents create --notify; maintenances and notices command groups like incidents. */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  home = makeTempDir('statusdesk-page-items-');
});
afterEach(async () => {
  await sim.reset();
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, ['--base-url', sim.baseUrl, ...args], { STATUSDESK_API_KEY: sim.keys.demoReadWrite });
const json = async <T>(args: string[]): Promise<T> => {
  const result = await cli(['--json', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
};

interface Item {
  id: number;
  title: string;
  type?: string;
  starts_at?: string;
  ends_at?: string | null;
  updates: { type?: string | null; description: string; subscribers_notified_at: string | null }[];
}

describe('incidents create --notify', () => {
  it("notifies the page's subscribers of the first update only when asked", async () => {
    const { incident: told } = await json<{ incident: Item }>([
      'incidents',
      'create',
      'acme',
      '--title',
      'Told',
      '--type',
      'minor',
      '--message',
      'Looking',
      '--notify',
    ]);
    const { incident: quiet } = await json<{ incident: Item }>(['incidents', 'create', 'acme', '--title', 'Quiet', '--type', 'minor', '--message', 'Looking']);
    expect(told.updates[0]!.subscribers_notified_at).not.toBeNull();
    expect(quiet.updates[0]!.subscribers_notified_at).toBeNull();
    const posted = await json<{ update: { subscribers_notified_at: string | null } }>([
      'incidents',
      'update',
      'acme',
      String(quiet.id),
      '--message',
      'Found it',
      '--notify',
    ]);
    expect(posted.update.subscribers_notified_at).not.toBeNull();
    expect((await cli(['incidents', 'create', 'acme', '--title', 'x', '--type', 'minor', '--notify'])).code).toBe(2);
  });
});

describe('statusdesk maintenances', () => {
  it('schedules, lists (maintenances only), shows, updates and deletes a maintenance', async () => {
    const created = await cli([
      'maintenances',
      'create',
      'acme',
      '--title',
      'Router swap',
      '--starts',
      '2030-01-10T22:00:00+01:00',
      '--ends',
      '2030-01-10T23:30:00Z',
      '--service',
      '2',
      '--message',
      'Planned',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = /^created #(\d+) \[scheduled\] Router swap$/m.exec(created.stdout)![1]!;
    const [write] = sim.writeLog();
    expect(write).toMatchObject({ op: 'incidents.create' });

    const shown = await json<Item>(['maintenances', 'show', 'acme', id]);
    expect(shown).toMatchObject({ type: 'scheduled', starts_at: '2030-01-10T21:00:00', ends_at: '2030-01-10T23:30:00' });

    await cli(['incidents', 'create', 'acme', '--title', 'Not a maintenance', '--type', 'major']);
    const listed = await cli(['maintenances', 'list', 'acme', '--all']);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+scheduled\\s+upcoming\\s+\\S+\\s+Router swap$`, 'm'));
    expect(listed.stdout).not.toMatch(/Not a maintenance/);

    expect((await cli(['maintenances', 'update', 'acme', id, '--message', 'Moved by an hour'])).stdout).toMatch(
      new RegExp(`^posted update #\\d+ \\(update\\) to maintenance #${id}$`, 'm'),
    );
    expect((await cli(['maintenances', 'show', 'acme', id])).stdout).toMatch(/update: Moved by an hour/);
    expect((await cli(['maintenances', 'delete', 'acme', id])).stdout).toBe(`deleted maintenance #${id}\n`);
    expect((await cli(['maintenances', 'show', 'acme', id])).code).toBe(1);
  });

  it('refuses a time without a zone, an end before the start, and an incident type', async () => {
    const naive = await cli(['maintenances', 'create', 'acme', '--title', 'x', '--starts', '2030-01-10T22:00:00']);
    expect(naive.code).toBe(2);
    expect(naive.stderr).toMatch(/--starts must be a time in ISO 8601 with Z or an offset/);
    expect((await cli(['maintenances', 'create', 'acme', '--title', 'x', '--starts', '2030-01-10T22:00:00Z', '--ends', '2030-01-10T21:00:00Z'])).code).toBe(2);
    const major = await cli(['maintenances', 'list', 'acme', '--type', 'major']);
    expect(major.code).toBe(2);
    expect(major.stderr).toMatch(/allowed: scheduled or a custom maintenance type/);
    expect(sim.writeLog()).toEqual([]);
  });
});

describe('statusdesk notices', () => {
  it('publishes, lists, shows, updates and deletes an information notice', async () => {
    const created = await cli(['notices', 'create', 'acme', '--title', 'New login page', '--service', '1', '--message', 'Sign-in moved', '--notify']);
    expect(created.code, created.stderr).toBe(0);
    const id = /^created #(\d+) New login page$/m.exec(created.stdout)![1]!;

    const listed = await cli(['notices', 'list', 'acme']);
    expect(listed.stdout).toMatch(/^ID\s+FEATURED FROM\s+UNTIL\s+TITLE$/m);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\s.*New login page$`, 'm'));

    const shown = await json<Item>(['notices', 'show', 'acme', id]);
    expect(shown.updates[0]).toMatchObject({ description: 'Sign-in moved', subscribers_notified_at: expect.any(String) });
    expect((await cli(['notices', 'show', 'acme', id])).stdout).toMatch(/services: Web/);

    expect((await cli(['notices', 'update', 'acme', id, '--message', 'Old links redirect'])).stdout).toMatch(
      new RegExp(`^posted update #\\d+ \\(info\\) to notice #${id}$`, 'm'),
    );
    expect((await cli(['notices', 'delete', 'acme', id])).stdout).toBe(`deleted notice #${id}\n`);
    expect(sim.writeLog().map((w) => w.op)).toEqual(['info_notices.create', 'info_notices.updates.create', 'info_notices.delete']);
  });

  it('refuses --notify without a first update to send, as incidents and maintenances do, and writes nothing', async () => {
    const refused = await cli(['notices', 'create', 'acme', '--title', 'Quiet notice', '--notify']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--notify sends the first update to subscribers: give it with --message/);
    expect(sim.writeLog()).toEqual([]);
  });
});
