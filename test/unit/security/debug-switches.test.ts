import { describe, expect, it } from 'vitest';
import { isRefusedSwitch, refusedSwitches, refusedSwitchesMessage, switchName } from '../../../electron/core/security/debug-switches';
import { secureWebPreferences } from '../../../electron/core/security/web-preferences';

// An installed app refuses debugging switches; DevTools only in development.

const exe = '/opt/Statusdesk/statusdesk';

describe('refusedSwitches', () => {
  it.each([
    { argv: [exe], packaged: true, refused: [] },
    { argv: [exe, '--inspect'], packaged: true, refused: ['--inspect'] },
    { argv: [exe, '--inspect=9229'], packaged: true, refused: ['--inspect'] },
    { argv: [exe, '--inspect-brk=0.0.0.0:9229'], packaged: true, refused: ['--inspect-brk'] },
    { argv: [exe, '--inspect_brk'], packaged: true, refused: ['--inspect-brk'] },
    { argv: [exe, '--inspect-port=9230'], packaged: true, refused: ['--inspect-port'] },
    { argv: [exe, '--inspect-wait'], packaged: true, refused: ['--inspect-wait'] },
    { argv: [exe, '--INSPECT'], packaged: true, refused: ['--inspect'] },
    { argv: [exe, '--debug-brk'], packaged: true, refused: ['--debug-brk'] },
    { argv: [exe, '--remote-debugging-port=9222'], packaged: true, refused: ['--remote-debugging-port'] },
    { argv: [exe, '-remote-debugging-port=9222'], packaged: true, refused: ['--remote-debugging-port'] },
    { argv: [exe, '--remote-debugging-pipe'], packaged: true, refused: ['--remote-debugging-pipe'] },
    { argv: [exe, '--remote-debugging-address=0.0.0.0'], packaged: true, refused: ['--remote-debugging-address'] },
    { argv: [exe, '--remote-allow-origins=*'], packaged: true, refused: ['--remote-allow-origins'] },
    { argv: [exe, '--js-flags=--allow-natives-syntax'], packaged: true, refused: ['--js-flags'] },
    { argv: [exe, '--auto-open-devtools-for-tabs'], packaged: true, refused: ['--auto-open-devtools-for-tabs'] },
    { argv: [exe, '--disable-web-security'], packaged: true, refused: ['--disable-web-security'] },
    { argv: [exe, '--ignore-certificate-errors'], packaged: true, refused: ['--ignore-certificate-errors'] },
    { argv: [exe, '--inspect', '--remote-debugging-port=9222', '--inspect'], packaged: true, refused: ['--inspect', '--remote-debugging-port'] },
    // Switches that weaken the sandbox or send the app's traffic through someone else.
    ...[
      'no-sandbox',
      'disable-gpu-sandbox',
      'disable-site-isolation-trials',
      'renderer-cmd-prefix=gdb --args',
      'browser-subprocess-path=/tmp/x',
      'gpu-launcher=/tmp/x',
      'proxy-server=127.0.0.1:8080',
      'host-resolver-rules=MAP * 127.0.0.1',
      'ignore-certificate-errors-spki-list=abc',
      'allow-insecure-localhost',
    ].map((sw) => ({ argv: [exe, `--${sw}`], packaged: true, refused: [`--${sw.split('=')[0]}`] })),
    // Switches that neither debug nor weaken anything, and arguments that only look like one, start the app.
    { argv: [exe, '--ozone-platform=wayland', '--enable-logging'], packaged: true, refused: [] },
    { argv: [exe, '--inspector-theme', '--debugging'], packaged: true, refused: [] },
    { argv: [exe, 'inspect', '/tmp/--inspect'], packaged: true, refused: [] },
    // After `--` come the app's own arguments, which neither Chromium nor Node reads as switches.
    { argv: [exe, '--', '--inspect'], packaged: true, refused: [] },
    // Development: the developer's tools.
    { argv: ['electron', '/repo', '--inspect=9229', '--remote-debugging-port=9222'], packaged: false, refused: [] },
  ])('packaged=$packaged $argv → $refused', ({ argv, packaged, refused }) => {
    expect(refusedSwitches({ argv, packaged, debuggableBuild: false })).toEqual(refused);
  });

  it("also refuses what only Chromium's own parse of the command line shows", () => {
    const chromium = new Set(['remote-debugging-port', 'enable-logging']);
    expect(refusedSwitches({ argv: [exe], packaged: true, debuggableBuild: false, hasSwitch: (name) => chromium.has(name) })).toEqual([
      '--remote-debugging-port',
    ]);
  });

  it("a build made debuggable on purpose (the CI's unpacked build, its inspector open) is driven by Playwright's switches", () => {
    const argv = [exe, '--inspect=0', '--remote-debugging-port=0'];
    expect(refusedSwitches({ argv, packaged: true, debuggableBuild: true, hasSwitch: () => true })).toEqual([]);
    expect(refusedSwitches({ argv, packaged: true, debuggableBuild: false })).toEqual(['--inspect', '--remote-debugging-port']);
  });

  it.each([
    ['--inspect=9229', 'inspect'],
    ['-inspect', 'inspect'],
    ['--remote-debugging-port', 'remote-debugging-port'],
    ['--', null],
    ['-', null],
    ['inspect', null],
    ['/inspect', null],
    ['--=x', null],
  ])('switchName(%j) → %j', (argument, name) => {
    expect(switchName(argument)).toBe(name);
  });

  it.each([
    ['inspect', true],
    ['inspect-publish-uid', true],
    ['remote-debugging-targets', true],
    ['Remote_Debugging_Port', true],
    ['inspector', false],
    ['remote-debugging', false],
    ['no-sandbox', true],
  ])('isRefusedSwitch(%j) → %j', (name, refused) => {
    expect(isRefusedSwitch(name)).toBe(refused);
  });

  it('says what it refused in one line', () => {
    const message = refusedSwitchesMessage(['--inspect', '--remote-debugging-port']);
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Statusdesk: .*--inspect, --remote-debugging-port/);
  });
});

describe('web preferences: DevTools', () => {
  it.each([
    [true, false],
    [false, true],
  ])('packaged=%s → devTools %s', (packaged, devTools) => {
    expect(secureWebPreferences('/p/preload.cjs', { packaged })).toMatchObject({ devTools, contextIsolation: true, sandbox: true });
  });
});
