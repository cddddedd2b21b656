import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn } from './support/run-cli';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Watch quotes the update on incident.updated, prints aligned columns, uses colour on a
 * terminal only (never under NO_COLOR, in a pipe or with --json), and the demo's header states its real pace.
 */

let home: ReturnType<typeof makeTempDir>;
beforeAll(() => {
  home = makeTempDir('statusdesk-watch-lines-');
});
afterAll(() => home.remove());

const ESC = '\u001b';
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`);
const demo = (args: string[], env: Record<string, string> = {}, tty = false) =>
  runCliIn(home.dir, [...args, 'watch', '--demo', '--demo-speed', '30'], env, { stdoutIsTty: tty });

describe('statusdesk watch lines', () => {
  it('quotes the update text of incident.updated, in aligned columns, without colour in a pipe', async () => {
    const { code, stdout, stderr } = await demo([]);
    expect(code, stderr).toBe(0);
    expect(stdout).not.toMatch(ANSI);
    expect(stdout).toMatch(
      /acme +incident\.updated +\[Major outage\] Elevated error rates on the API {2}"The cause is a faulty load balancer node\. We are taking it out of rotation\."/,
    );
    // Columns: the event type and what follows start at the same place on every line.
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    const typeAt = lines.map((line) => line.search(/(page|service|incident|maintenance|notice)\.[a-z_]+/));
    expect(new Set(typeAt).size).toBe(1);
    const detailAt = lines.map((line) => line.slice(typeAt[0]).search(/ {2}\S/));
    expect(new Set(detailAt).size).toBe(1);
  });

  it('uses colour on a terminal, and not under NO_COLOR or with --json', async () => {
    const coloured = await demo([], {}, true);
    expect(coloured.stdout).toMatch(new RegExp(`${ESC}\\[31mincident\\.opened +${ESC}\\[0m`));
    expect(coloured.stdout).toMatch(new RegExp(`${ESC}\\[32mincident\\.resolved +${ESC}\\[0m`));
    expect((await demo([], { NO_COLOR: '1' }, true)).stdout).not.toMatch(ANSI);
    const json = await demo(['--json'], {}, true);
    expect(json.stdout).not.toMatch(ANSI);
    for (const line of json.stdout.trim().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it("the demo's header states the time between its steps at the speed played, not the --interval", async () => {
    const { stderr } = await demo([]);
    expect(stderr).not.toMatch(/every 60 s/);
    // The scenario's steps are 3 to 11 s apart and end at 55 s: at speed 30, 0.1 to 0.4 s and 1.8 s.
    expect(stderr).toMatch(/a scripted step every 0\.1 to 0\.4 s at speed 30, the pages checked after each; it ends after 1\.8 s/);
  });
});
