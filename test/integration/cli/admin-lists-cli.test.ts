import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { parseCsv } from '../../../shared/export/csv';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/*
 * List commands for what the Administration screen manages, each a table, one page or every
 * page 100 at a time, one JSON object per line with --all --json, and an export with --format csv|json.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({
    seed: { large: { services: 40, subscriptions: 250, webhooks: 12, accessGroups: 5, members: 130, incidents: 30, maintenances: 2, metrics: 0 } },
    rateLimit: false,
  });
  home = makeTempDir('statusdesk-lists-');
});
beforeEach(async () => {
  await sim.reset();
  sim.clearRequestCounts();
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

const key = { STATUSDESK_API_KEY: 'demo-acme-org-rw-4f1c9a7e2b' };
const cli = (args: string[]) => runCliIn(home.dir, ['--base-url', sim.baseUrl, ...args], key);
const lines = (text: string) => text.split(/\r?\n/).filter((line) => line !== '');

describe('list commands of the administration', () => {
  it('subscriptions: one page and a note; --all reads 100 a page; --json --all is one object per line', async () => {
    const one = await cli(['subscriptions', 'list', 'acme']);
    expect(one.code, one.stderr).toBe(0);
    expect(lines(one.stdout)[0]).toMatch(/^ID\s+KIND\s+TARGET\s+SINCE$/);
    expect(lines(one.stdout)).toHaveLength(21);
    expect(one.stderr).toMatch(/add --all to list every one/);

    sim.clearRequestCounts();
    const all = await cli(['--json', 'subscriptions', 'list', 'acme', '--all']);
    expect(all.code, all.stderr).toBe(0);
    const items = lines(all.stdout).map((line) => JSON.parse(line) as { id: string; kind: string });
    expect(items).toHaveLength(250);
    expect(new Set(items.map((s) => s.id)).size).toBe(250);
    expect(sim.requestCount('/status_pages/acme/subscriptions')).toBe(3);

    const filtered = await cli(['--json', 'subscriptions', 'list', 'acme', '--filter', 'subscriber3@corp.example']);
    expect((JSON.parse(filtered.stdout) as { subscriptions: unknown[] }).subscriptions).toHaveLength(1);
  });

  it('subscriptions export as CSV with the columns an import reads back, and as one JSON array', async () => {
    const csv = await cli(['subscriptions', 'list', 'acme', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const { rows } = parseCsv(csv.stdout);
    expect(rows[0]!.cells).toEqual(['id', 'kind', 'email', 'phone_country_code', 'phone_number', 'webhook_url', 'service_ids', 'inserted_at']);
    expect(rows).toHaveLength(251);
    expect(rows[8]!.cells.slice(1, 5)).toEqual(['sms', '', '+1', '79 1000008']);
    // Times with their offset (this computer's here), and UTC with Z under --utc.
    expect(rows[1]!.cells[7]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
    const utc = parseCsv((await cli(['--utc', 'subscriptions', 'list', 'acme', '--format', 'csv'])).stdout).rows;
    expect(utc[1]!.cells[7]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const json = await cli(['subscriptions', 'list', 'acme', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toHaveLength(250);
    expect((await cli(['subscriptions', 'list', 'acme', '--format', 'xml'])).code).toBe(2);
  });

  it('services as the tree; webhooks, access groups, members, organization members and status pages', async () => {
    const services = await cli(['services', 'list', 'acme']);
    expect(services.code, services.stderr).toBe(0);
    expect(lines(services.stdout)).toHaveLength(41);
    expect(lines(services.stdout)[1]).toMatch(/^\d+\s+0\s+Payments$/);
    expect(lines(services.stdout)[2]).toMatch(/^\d+\s+\d+\s+0\s+ {2}Payments · EU West$/);
    expect(lines(services.stdout)[3]).toMatch(/^\d+\s+\d+\s+0\s+ {4}Gateway 001$/);

    expect(lines((await cli(['webhooks', 'list', 'acme'])).stdout)).toHaveLength(13);
    expect(lines((await cli(['access-groups', 'list', 'acme', '--format', 'csv'])).stdout)[0]).toBe('id,name,service_ids');

    const members = await cli(['--json', 'members', 'list', 'acme', '--all']);
    expect(lines(members.stdout)).toHaveLength(130);
    expect(sim.requestCount('/status_pages/acme/members')).toBe(2);
    const byEmail = await cli(['members', 'list', 'acme', '--email', 'member7@acme.example']);
    expect(lines(byEmail.stdout)[1]).toMatch(/^\d+\s+admin\s+member7@acme\.example\s+Member 7$/);

    const staff = await cli(['org-members', 'list', '1', '--format', 'json']);
    expect(JSON.parse(staff.stdout)).toHaveLength(133);
    expect(lines((await cli(['status-pages', 'list', '1'])).stdout)[1]).toMatch(/^acme\s+Acme\s+status\.acme\.example/);
  });

  it('incidents list --all reads 100 a page (ceil(n / 100) requests) and streams one object per line; exports too', async () => {
    for (let i = 0; i < 220; i++) sim.openIncident({ page: 'acme', type: 'minor', title: `Extra ${i}` });
    sim.clearRequestCounts();
    const all = await cli(['--json', 'incidents', 'list', 'acme', '--all']);
    expect(all.code, all.stderr).toBe(0);
    const incidents = lines(all.stdout).map((line) => JSON.parse(line) as { id: number });
    expect(incidents).toHaveLength(252);
    expect(sim.requestCount('/status_pages/acme/incidents')).toBe(3);

    const table = await cli(['incidents', 'list', 'acme', '--all']);
    expect(lines(table.stdout)).toHaveLength(253);
    const csv = parseCsv((await cli(['incidents', 'list', 'acme', '--format', 'csv'])).stdout).rows;
    expect(csv[0]!.cells.slice(0, 3)).toEqual(['id', 'type', 'title']);
    expect(csv).toHaveLength(253);
  });
});
