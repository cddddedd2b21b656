import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { repoRoot } from '../../support/paths';
import { MONITOR_EVENT_TYPES, monitorEventSchema } from '../../../shared/monitor/events';
import { runCli } from '../../../electron/cli/program';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

let home: ReturnType<typeof makeTempDir>;
beforeAll(() => {
  home = makeTempDir('statusdesk-watch-');
});
afterAll(() => home.remove());

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: { STATUSDESK_HOME: home.dir } });
  return { code, stdout, stderr };
}

describe('statusdesk watch', () => {
  it('--demo --json prints the scripted scenario as one JSON event per line', async () => {
    const { code, stdout, stderr } = await cli(['--json', 'watch', '--demo', '--demo-speed', '20']);
    expect(code, stderr).toBe(0);
    const events = stdout
      .trim()
      .split('\n')
      .map((line) => monitorEventSchema.parse(JSON.parse(line)));
    for (const event of events) expect(MONITOR_EVENT_TYPES).toContain(event.type);
    const own = events.filter((e) => e.page.subdomain === 'acme');
    const story = own.map((e) => e.type).filter((t) => t.startsWith('incident.') || t.startsWith('maintenance.'));
    expect(story).toEqual(['incident.opened', 'incident.updated', 'maintenance.started', 'incident.updated', 'maintenance.ended', 'incident.resolved']);
    expect(own.filter((e) => e.type === 'page.level_changed').map((e) => [e.from, e.to])).toEqual([
      ['operational', 'major'],
      ['major', 'operational'],
    ]);
    // The provider beside it (public Statuspage format): the same event types.
    const upstream = events.filter((e) => e.page.subdomain !== 'acme');
    expect(upstream.every((e) => e.page.name === 'Nimbus Cloud')).toBe(true);
    expect(upstream.map((e) => e.type).filter((t) => t.startsWith('incident.'))).toEqual(['incident.opened', 'incident.updated', 'incident.resolved']);
  });

  it('ends quietly with exit 0 when its reader goes away (watch --json | head -1)', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--json', 'watch', '--demo', '--demo-speed', '20'], {
      env: { ...process.env, STATUSDESK_HOME: home.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const firstLine = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
    });
    child.stdout.destroy(); // what `head -1` does once it has its line
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(JSON.parse(firstLine)).toMatchObject({ type: expect.any(String) });
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });

  it('prints readable lines without --json', async () => {
    const { code, stdout } = await cli(['watch', '--demo', '--demo-speed', '30']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/acme +incident\.opened +\[Major outage\] Elevated error rates on the API/);
    expect(stdout).toMatch(/acme +page\.level_changed +Major outage → Operational/);
  });

  describe('against a server', () => {
    let sim: StatusPageSimulator;
    beforeAll(async () => {
      sim = await startStatusPageSimulator({ seed: 'demo' });
    });
    afterAll(() => sim.close());

    it('the first check reports nothing (the state that already was), then stops after --for', async () => {
      const { code, stdout, stderr } = await cli(['--base-url', sim.baseUrl, '--json', 'watch', 'acme', 'acme-eu', '--interval', '15', '--for', '1']);
      expect(code, stderr).toBe(0);
      expect(stdout).toBe('');
      expect(sim.requestCount('/api/v2/status_pages/acme/summary')).toBeGreaterThanOrEqual(1);
      expect(sim.requestCount('/api/v2/status_pages/acme-eu/summary')).toBeGreaterThanOrEqual(1);
    });

    it("watches each page on its own account's server", async () => {
      const other = await startStatusPageSimulator({ seed: 'demo' });
      const settings = new SettingsStore(home.dir);
      const accounts = settings.get().accounts.length;
      try {
        settings.update((s) => {
          s.accounts.push({ id: randomUUID(), name: 'US', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
          s.accounts.push({
            id: randomUUID(),
            name: 'EU',
            region: 'custom',
            baseUrl: other.baseUrl,
            subdomain: 'acme-eu',
            createdAt: new Date().toISOString(),
          });
        });
        const { code, stderr } = await cli(['watch', 'acme', 'acme-eu', '--interval', '15', '--for', '1']);
        expect(code, stderr).toBe(0);
        expect(stderr).toContain(`on ${sim.baseUrl}, ${other.baseUrl} every 15 s`);
        expect(other.requestCount('/api/v2/status_pages/acme-eu/summary')).toBeGreaterThanOrEqual(1);
        expect(other.requestCount('/api/v2/status_pages/acme/summary')).toBe(0);
      } finally {
        settings.update((s) => {
          s.accounts.splice(accounts);
        });
        await other.close();
      }
    });

    it('a page that cannot be reached is reported when the watch ends', async () => {
      const { code, stderr } = await cli(['--base-url', 'http://127.0.0.1:9/api/v2', 'watch', 'acme', '--interval', '15', '--for', '1']);
      expect(code).toBe(0);
      expect(stderr).toMatch(/watching acme/);
    });

    it('refuses a bad command line', async () => {
      expect((await cli(['watch'])).code).toBe(2);
      expect((await cli(['watch', 'acme', '--interval', '5'])).stderr).toMatch(/at least 15/);
    });
  });
});
