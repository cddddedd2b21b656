import inspector from 'node:inspector';
import type { App } from 'electron';
import { refusedSwitches, refusedSwitchesMessage } from '@core/security/debug-switches';

/**
 * An installed app started with a debugging switch says so in one line on stderr and ends (exit code 2, as
 * the command line does for a wrong command line) before anything is loaded. True when it did.
 */
export function refuseDebugSwitches(app: App): boolean {
  const refused = refusedSwitches({
    argv: process.argv,
    packaged: app.isPackaged,
    // Open only in a build whose inspect fuse was left on (the CI's smoke-test build); a shipped build's is off.
    debuggableBuild: inspector.url() !== undefined,
    hasSwitch: (name) => app.commandLine.hasSwitch(name),
  });
  if (refused.length === 0) return false;
  process.stderr.write(`${refusedSwitchesMessage(refused)}\n`);
  app.exit(2);
  return true;
}
