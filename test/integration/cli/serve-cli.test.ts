import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { EXIT_BROKEN_CONFIG } from '../../../electron/cli/commands/serve-config';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { holding, holdOutbox, releaseOutbox, startCli, until, type CliChild } from './support/cli-child';
import { serveHome, serveLines, startServe, type ServeHome } from './support/serve-setup';

/*
 * statusdesk serve, the real binary in a process of its own as a service manager runs it: the statuspage
 * simulator's page watched, an incident opened there reaches the Slack simulator; SIGTERM while that delivery
 * hangs at the receiver lets it finish and exits 0; --log-format json lines parse and carry no secret; a
 * broken configuration exits 78 with the reason before anything is polled.
 */

let pages: StatusPageSimulator;
let alerts: AlertsSimulator;
const homes: ServeHome[] = [];
const children: CliChild[] = [];

beforeAll(async () => {
  pages = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  alerts = await startAlertsSimulator();
});
afterAll(async () => {
  await pages.close();
  await alerts.stop();
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.child.kill('SIGKILL');
    await child.exited;
  }
  for (const home of homes.splice(0)) home.remove();
  alerts.setFaults([]);
  alerts.clearRequests();
  await pages.reset();
});

const HOOK_SECRET = 'servesecrethookpart0042';

function slackHome(): ServeHome {
  const home = serveHome({
    baseUrl: pages.baseUrl,
    destination: { name: 'Ops', kind: 'slack', origin: alerts.url, timeZone: 'Europe/Berlin' },
    secret: alerts.slackHookUrl('T0SERVE', 'B0SERVE', HOOK_SECRET),
  });
  homes.push(home);
  return home;
}

describe('statusdesk serve', () => {
  it('sends an incident opened on a watched page to Slack; SIGTERM while that delivery hangs lets it finish, exit 0; every line is JSON without the secret', async () => {
    const home = slackHome();
    const serve = await startServe(home);
    children.push(serve);
    // The receiver takes its time over the first message: SIGTERM comes while it is in flight.
    alerts.setFaults([{ kind: 'delay', ms: 3_000, route: 'slack' }]);
    pages.openIncident({ page: 'acme', type: 'major', title: 'Logins fail', message: 'Investigating' });
    await until(() => alerts.pendingFaults() === 0, 'the delivery to reach the Slack simulator');
    serve.child.kill('SIGTERM');
    const ended = await serve.exited;
    children.length = 0;

    expect(ended.code, ended.stderr).toBe(0);
    const messages = alerts.slack.messages.filter((m) => m.hook.includes(HOOK_SECRET));
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(messages)).toContain('Logins fail');
    const lines = serveLines(ended.stdout);
    for (const line of lines)
      expect(line).toEqual({
        ts: expect.any(String),
        level: expect.stringMatching(/^(info|warn|error)$/),
        msg: expect.any(String),
        fields: expect.any(Object),
      });
    const said = lines.map((line) => line.msg);
    // Where the page stood at its first check is said before "watching"; the incident after it is news.
    const watching = said.findIndex((msg) => msg.startsWith('watching 1 page, alerting 1 destination'));
    expect(lines.slice(0, watching).map((line) => line.fields.pageId)).toEqual([expect.any(String)]);
    expect(said.indexOf('incident opened: Logins fail')).toBeGreaterThan(watching);
    const delivered = said.indexOf('delivered');
    const stopping = said.findIndex((msg) => msg.startsWith('stopping'));
    expect(stopping).toBeGreaterThan(-1);
    expect(delivered).toBeGreaterThan(stopping);
    expect(said.at(-1)).toBe('stopped');
    expect(ended.stdout + ended.stderr).not.toContain(HOOK_SECRET);
  });

  it('exits 78 with every reason, before polling, on a broken configuration', async () => {
    const home = slackHome();
    pages.clearRequestCounts();
    const noSettings = await startCli(['serve'], { ...home.env, STATUSDESK_HOME: `${home.dir}-missing` }).exited;
    expect(noSettings.code).toBe(EXIT_BROKEN_CONFIG);
    expect(noSettings.stderr).toMatch(/the configuration is broken \(1 problem\); nothing was polled:\n {2}- there is no settings file at .*settings\.json/);
    expect(fs.existsSync(`${home.dir}-missing`)).toBe(false);

    new SettingsStore(home.dir).update((draft) => {
      draft.watchedPages = [];
      draft.alerts.destinations[0]!.timeZone = 'Mars/Olympus';
    });
    const broken = await startCli(['serve', '--log-format', 'json', '--credentials-dir', `${home.credentials}-elsewhere`], home.env).exited;
    expect(broken.code).toBe(EXIT_BROKEN_CONFIG);
    expect(broken.stderr).toMatch(/the configuration is broken \(3 problems\)/);
    expect(broken.stderr).toContain('no pages are watched');
    expect(broken.stderr).toContain('"Ops" has the time zone "Mars/Olympus", which is not an IANA zone');
    expect(broken.stderr).toMatch(/"Ops" \(\S+\) cannot send: the credentials directory .* cannot be read/);
    expect(serveLines(broken.stdout).every((line) => line.level === 'error' && line.msg === 'broken configuration')).toBe(true);
    expect(pages.requestCount()).toBe(0);

    // The settings mended, but the destination's file is not where the service manager puts secrets.
    new SettingsStore(home.dir).update((draft) => {
      draft.alerts.destinations[0]!.timeZone = 'Europe/Berlin';
    });
    const noFile = await startCli(['serve', '--credentials-dir', home.dir], home.env).exited;
    expect(noFile.code).toBe(EXIT_BROKEN_CONFIG);
    expect(noFile.stderr).toMatch(/"Ops" \(\S+\) cannot send: there is no file named \S+ \(or ending in _\S+\) in it \(read from the credentials directory /);
    expect(pages.requestCount()).toBe(0);

    // The app runs on this data folder and sends its alerts itself: a watcher beside it would share its queue.
    const app = holdOutbox(home.dir, 'app');
    try {
      await holding(app);
      const beside = await startCli(['serve'], home.env).exited;
      expect(beside.code).toBe(EXIT_BROKEN_CONFIG);
      expect(beside.stderr).toMatch(/the Statusdesk app \(pid \d+\) runs on this data folder and sends its alerts itself/);
    } finally {
      releaseOutbox(app);
    }
  });
});
