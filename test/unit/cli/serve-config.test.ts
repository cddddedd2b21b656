import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertDestination } from '../../../shared/alerts/alert-destination';
import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { settingsFileProblems, watchConfigProblems } from '../../../electron/cli/commands/serve-config';
import { credentialsDirOf } from '../../../electron/cli/commands/serve-secrets';
import { makeTempDir } from '../../support/temp-dir';

/*
 * What serve checks before it polls: a settings file it cannot use is said and left exactly as it is (the app's
 * start would move it aside; a service restarting in a loop must not), and the pages, destinations, zones and
 * secrets it needs are each named with what to do.
 */

let temp: ReturnType<typeof makeTempDir> | null = null;
afterEach(() => {
  temp?.remove();
  temp = null;
});

const page = { id: '11111111-1111-4111-8111-111111111111', region: 'us', subdomain: 'acme', intervalSec: 60 } as WatchedPage;
const destination = (over: Partial<AlertDestination> = {}): AlertDestination => ({
  id: 'd1',
  name: 'Ops',
  kind: 'slack',
  origin: 'https://hooks.slack.com',
  timeZone: 'Europe/Berlin',
  enabled: true,
  ...over,
});
const rule = {
  id: 'r1',
  destinationId: 'd1',
  pageIds: null,
  services: [],
  minSeverity: 'minor' as const,
  updates: 'all' as const,
  quietHours: null,
  enabled: true,
};

describe('serve configuration checks', () => {
  it('says a missing, broken or partly invalid settings file and leaves it as it was', () => {
    temp = makeTempDir('statusdesk-serve-config-');
    expect(settingsFileProblems(temp.dir).problems[0]).toMatch(/^there is no settings file at .*settings\.json/);
    const file = path.join(temp.dir, 'settings.json');
    for (const [text, reason] of [
      ['{ not json', /it is not valid JSON/],
      ['{"schemaVersion": 1, "watchedPages": [{"id": "not-a-uuid"}]}', /some of its entries are not valid/],
    ] as const) {
      fs.writeFileSync(file, text);
      const { problems } = settingsFileProblems(temp.dir);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(reason);
      expect(problems[0]).toContain('it was left as it is');
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
      expect(fs.readdirSync(temp.dir)).toEqual(['settings.json']);
    }
  });

  it('names every problem at once, each with what to do; a destination without a rule is a warning', async () => {
    const none = await watchConfigProblems({
      pages: [],
      alerts: { destinations: [], rules: [] },
      secretProblem: async () => null,
      secretsFrom: 'the OS keychain',
    });
    expect(none.problems).toEqual([expect.stringMatching(/^no pages are watched/), expect.stringMatching(/^no alert destinations are set up/)]);

    const off = await watchConfigProblems({
      pages: [page],
      alerts: { destinations: [destination({ enabled: false })], rules: [] },
      secretProblem: async () => null,
      secretsFrom: 'x',
    });
    expect(off.problems).toEqual(['every alert destination is switched off, so nothing would be sent']);

    const broken = await watchConfigProblems({
      pages: [page],
      alerts: { destinations: [destination({ timeZone: 'Berlin' })], rules: [] },
      secretProblem: async (d) => (d.id === 'd1' ? 'the keychain holds no secret for it' : null),
      secretsFrom: 'the OS keychain',
    });
    expect(broken.problems).toEqual([
      '"Ops" has the time zone "Berlin", which is not an IANA zone (e.g. Europe/Berlin, America/New_York)',
      '"Ops" (d1) cannot send: the keychain holds no secret for it (read from the OS keychain)',
    ]);
    expect(broken.warnings).toEqual([expect.stringMatching(/^"Ops" has no rule switched on, so it receives nothing/)]);

    const fine = await watchConfigProblems({
      pages: [page],
      alerts: { destinations: [destination()], rules: [rule] },
      secretProblem: async () => null,
      secretsFrom: 'x',
    });
    expect(fine).toEqual({ problems: [], warnings: [] });
  });

  it('takes the credentials folder from --credentials-dir, then STATUSDESK_CREDENTIALS_DIR, then systemd; else the keychain', () => {
    const env = { STATUSDESK_CREDENTIALS_DIR: '/run/secrets', CREDENTIALS_DIRECTORY: '/run/credentials/statusdesk-serve.service' };
    expect(credentialsDirOf('/etc/statusdesk/alerts', env)).toBe('/etc/statusdesk/alerts');
    expect(credentialsDirOf(undefined, env)).toBe('/run/secrets');
    expect(credentialsDirOf(undefined, { CREDENTIALS_DIRECTORY: env.CREDENTIALS_DIRECTORY })).toBe(env.CREDENTIALS_DIRECTORY);
    expect(credentialsDirOf(undefined, { STATUSDESK_CREDENTIALS_DIR: ' ' })).toBeNull();
  });
});
