import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AlertDestination } from '../../../../shared/alerts/alert-destination';
import type { AlertRuleInput } from '../../../../shared/alerts/alert-rule';
import { alertRuleSchema } from '../../../../shared/alerts/alert-rule';
import { SettingsStore } from '../../../../electron/core/settings/settings-store';
import { makeTempDir } from '../../../support/temp-dir';
import { startCli, until, type CliChild } from './cli-child';

/*
 * What the `statusdesk serve` tests set up alike: a data folder whose settings watch the simulator's page and
 * send to one destination by one rule, and a credentials folder holding its secret (as systemd or Docker
 * would), so the watcher runs as on a server without a keychain.
 */

export interface ServeHome {
  dir: string;
  credentials: string;
  env: Record<string, string>;
  remove(): void;
}

export function serveHome(options: {
  baseUrl: string;
  destination: Omit<AlertDestination, 'id' | 'enabled'> & { id?: string };
  secret: string;
  rule?: Partial<AlertRuleInput>;
  /** Another home's settings, copied whole: the same pages, destination and rules, as on a second server. */
  settingsFrom?: string;
}): ServeHome {
  const home = makeTempDir('statusdesk-serve-');
  const credentials = path.join(home.dir, 'credentials');
  fs.mkdirSync(credentials, { mode: 0o700 });
  const data = path.join(home.dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  const id = options.destination.id ?? randomUUID();
  if (options.settingsFrom) fs.copyFileSync(path.join(options.settingsFrom, 'settings.json'), path.join(data, 'settings.json'));
  else {
    new SettingsStore(data).update((draft) => {
      draft.watchedPages.push({
        id: randomUUID(),
        region: 'custom',
        baseUrl: options.baseUrl,
        subdomain: 'acme',
        intervalSec: 15,
        muted: false,
        mutedServiceIds: [],
        followedIncidentIds: [],
      });
      draft.alerts.destinations.push({ ...options.destination, id, enabled: true });
      draft.alerts.rules.push(alertRuleSchema.parse({ id: randomUUID(), destinationId: id, minSeverity: 'minor', ...options.rule }));
    });
  }
  fs.writeFileSync(path.join(credentials, `alerts_${id}`), `${options.secret}\n`, { mode: 0o600 });
  return {
    dir: data,
    credentials,
    env: { STATUSDESK_HOME: data, STATUSDESK_CREDENTIALS_DIR: credentials },
    remove: home.remove,
  };
}

/** `statusdesk serve --log-format json` on `home`, resolved once it has started watching. */
export async function startServe(home: ServeHome, args: string[] = []): Promise<CliChild> {
  const child = startCli(['serve', '--log-format', 'json', ...args], home.env);
  await Promise.race([
    until(() => /"msg":"watching /.test(child.stdout()), 'serve to start watching'),
    child.exited.then((ended) => {
      throw new Error(`serve ended (${ended.code}) before it watched: ${ended.stderr}${ended.stdout}`);
    }),
  ]);
  return child;
}

interface ServeLine {
  ts: string;
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}

/** Every stdout line as JSON: throws on one that is not. */
export function serveLines(stdout: string): ServeLine[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ServeLine);
}
