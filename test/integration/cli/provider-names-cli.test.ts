import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WatchLines } from '../../../electron/cli/commands/watch-lines';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import type { MonitorEvent } from '../../../shared/monitor/events';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn } from './support/run-cli';

/*
 * `statusdesk watch` names a provider page by the name in its summary,
 * and by its address only until the first read; never by the slug made from its address
 * (127-0-0-1-4013-pages-nimbus-cloud).
 */

let home: ReturnType<typeof makeTempDir>;
let providers: ProviderSimulator;
beforeAll(async () => {
  home = makeTempDir('statusdesk-provider-names-');
  providers = await startProviderSimulator();
});
afterAll(async () => {
  await providers.close();
  home.remove();
});

const cli = (args: string[]) => runCliIn(home.dir, args);
const SLUG = /127-0-0-1-\d+-pages/;

describe('provider pages are named by their summary, else their address', () => {
  it('watch: the address before the first read, the page’s own name after it', async () => {
    const url = providers.pageUrl('nimbus-cloud');
    const address = url.replace(/^https?:\/\//, '');
    const run = await cli(['watch', url, '--for', '1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`watching ${address} on `);
    expect(run.stderr).toMatch(/^Nimbus Cloud: Operational$/m);
    expect(run.stderr).not.toMatch(SLUG);
  });

  it('watch: a provider page that never answered is named by its address', async () => {
    const url = providers.pageUrl('nobody');
    const run = await cli(['watch', url]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^${url.replace(/^https?:\/\//, '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not read yet`, 'm'));
    expect(run.stderr).not.toMatch(SLUG);
  });

  it('the event lines give a provider page’s name, an own page’s subdomain', () => {
    const lines = new WatchLines({ pages: ['acme', 'status.nimbus.example'], colour: false, time: () => '12:00', providers: new Set(['nimbus']) });
    const event = (id: string, name: string, subdomain: string) =>
      ({ type: 'page.stale', at: '2026-11-27T12:00:00.000Z', page: { id, name, subdomain } }) as unknown as MonitorEvent;
    expect(lines.line(event('nimbus', 'Nimbus Cloud', '127-0-0-1-4013-pages-nimbus-cloud'))).toMatch(/^12:00 {2}Nimbus Cloud /);
    expect(lines.line(event('own', 'Acme Inc.', 'acme'))).toMatch(/^12:00 {2}acme /);
  });
});
