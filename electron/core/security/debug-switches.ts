/**
 * Command-line switches that open the app to a debugger, change what its JavaScript engine or the window's
 * security does (sandbox, site isolation, certificate checks, the programs its processes are started with), or
 * send its traffic through someone else (a proxy, host-resolver rules): Electron's security checklist and
 * Chromium's own list of switches that weaken the sandbox or the network. In development they are the developer's tools; an installed app refuses to start with them,
 * since whoever can start it with a switch (a shortcut, an autostart entry) would otherwise read every
 * secret the main process holds.
 */
const REFUSED_NAMES = new Set([
  // Node's inspector and its old spellings.
  'inspect',
  'debug',
  'debug-brk',
  'debug-port',
  // Chromium's DevTools protocol and its helpers.
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'remote-allow-origins',
  'auto-open-devtools-for-tabs',
  // V8 flags (natives syntax, no checks) and a window without the same-origin policy or certificate checks.
  'js-flags',
  'disable-web-security',
  'ignore-certificate-errors',
  'ignore-certificate-errors-spki-list',
  'allow-insecure-localhost',
  // A renderer without its sandbox or site isolation, or one started through a program of someone's choosing.
  'no-sandbox',
  'disable-gpu-sandbox',
  'disable-site-isolation-trials',
  'renderer-cmd-prefix',
  'utility-cmd-prefix',
  'gpu-launcher',
  'browser-subprocess-path',
  // Traffic sent through, or names resolved by, someone else (keys travel in that traffic).
  'proxy-server',
  'proxy-pac-url',
  'host-resolver-rules',
  'host-rules',
]);

/** Whole families: --inspect-brk, --inspect-port, --inspect-wait, --remote-debugging-targets, … */
const REFUSED_PREFIXES = ['inspect-', 'remote-debugging-'];

/** Every name the check looks for, for `app.commandLine.hasSwitch` (Chromium's own parse of the command line). */
const REFUSED_SWITCH_NAMES: readonly string[] = [...REFUSED_NAMES, 'inspect-brk', 'inspect-port', 'inspect-wait', 'inspect-publish-uid'];

export function isRefusedSwitch(name: string): boolean {
  // Node takes --inspect_brk for --inspect-brk, and Windows' Chromium ignores case: compare both ways alike.
  const normal = name.toLowerCase().replace(/_/g, '-');
  return REFUSED_NAMES.has(normal) || REFUSED_PREFIXES.some((prefix) => normal.startsWith(prefix));
}

/** The switch name of one argument (`--name`, `--name=value`, `-name`), or null for anything else. */
export function switchName(argument: string): string | null {
  const match = /^--?([A-Za-z0-9][\w-]*)(?:=|$)/.exec(argument);
  return match ? match[1]! : null;
}

/**
 * The refused switches this process was started with, as `--name`, in the order given; empty in development
 * (not packaged), and in a build made debuggable on purpose: the hosted CI's unpacked build keeps the inspect
 * fuse on so Playwright can drive it (it starts Electron with --inspect=0 and --remote-debugging-port=0), which
 * shows as Node's inspector being open; a shipped build's fuse is off, so its inspector never is.
 * `hasSwitch` is Chromium's own parse (app.commandLine), which also sees the forms argv parsing might miss.
 */
export function refusedSwitches(options: {
  argv: readonly string[];
  packaged: boolean;
  debuggableBuild: boolean;
  hasSwitch?: (name: string) => boolean;
}): string[] {
  if (!options.packaged || options.debuggableBuild) return [];
  const found: string[] = [];
  const add = (name: string) => {
    const shown = `--${name.toLowerCase().replace(/_/g, '-')}`;
    if (!found.includes(shown)) found.push(shown);
  };
  for (const argument of options.argv) {
    // Chromium and Node stop reading switches at `--`: what follows is the app's own arguments.
    if (argument === '--') break;
    const name = switchName(argument);
    if (name !== null && isRefusedSwitch(name)) add(name);
  }
  for (const name of REFUSED_SWITCH_NAMES) if (options.hasSwitch?.(name)) add(name);
  return found;
}

/** The one line an installed app prints before it exits. */
export function refusedSwitchesMessage(switches: readonly string[]): string {
  return `Statusdesk: an installed build does not start with ${switches.join(', ')}; debugging switches are for development builds.`;
}
