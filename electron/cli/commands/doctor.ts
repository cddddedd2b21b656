import path from 'node:path';
import type { Command } from 'commander';
import { resolveDataDir } from '@core/settings/data-dir';
import { SettingsStore } from '@core/settings/settings-store';
import { EXIT } from '../output';
import type { CliContext } from '../context';
import type { RunAction } from '../run-action';
import { doctorLine, type DoctorCheck } from './doctor-check';
import { checkDataFolder, checkOutboxFile, checkOutboxLock } from './doctor-disk';
import { checkAccount, checkClocks, checkElectronBinary, checkKeychain, electronPackageDir } from './doctor-remote';

/**
 * `statusdesk doctor`: is this installation healthy? The data folder (writable, free space, who holds the
 * outbox), the keychain, each account (reachable, key accepted), the clock against each server, the outbox
 * (damaged records, writes waiting), Electron's binary. One line per check with what to do; exit 0 only when
 * every check holds. Nothing is written, sent or locked (a probe file in the data folder excepted).
 */
export async function runDoctor(ctx: CliContext, options: { electronFrom?: string } = {}): Promise<DoctorCheck[]> {
  // Not ctx.dataDir: the doctor never makes the data folder, it says whether it can be made.
  const dataDir = resolveDataDir(ctx.io.env);
  const checks: DoctorCheck[] = [checkDataFolder(dataDir), checkOutboxLock(dataDir)];
  checks.push(checkKeychain(await ctx.vault.status()));
  let settings: SettingsStore | null = null;
  try {
    settings = new SettingsStore(dataDir);
  } catch (error) {
    checks.push({
      name: 'settings',
      ok: false,
      detail: `${path.join(dataDir, 'settings.json')} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'repair the data folder (see above); the accounts cannot be checked until then',
    });
  }
  if (settings?.problem) checks.push({ name: 'settings', ok: false, detail: settings.problem.message, fix: `the old file is at ${settings.problem.movedTo}` });
  const accounts = settings?.get().accounts ?? [];
  const reports = await Promise.all(accounts.map((account) => checkAccount(account, ctx.vault)));
  checks.push(...reports.map((report) => report.account));
  checks.push(
    checkClocks(
      reports.flatMap((report) => (report.clock ? [report.clock] : [])),
      accounts.length,
    ),
  );
  checks.push(checkOutboxFile(dataDir));
  checks.push(checkElectronBinary(ctx.io.env, electronPackageDir(options.electronFrom ?? installationDir())));
  return checks;
}

/** Where this statusdesk is installed: the folder of the command (bin/statusdesk.js), else the working folder. */
function installationDir(): string {
  const command = process.argv[1];
  return command ? path.dirname(command) : process.cwd();
}

export function registerDoctorCommand(program: Command, run: RunAction): void {
  program
    .command('doctor')
    .description('check this installation: data folder, keychain, accounts, clock, outbox, Electron; one line per check with what to do')
    .action(
      run(async (ctx) => {
        const checks = await runDoctor(ctx);
        const ok = checks.every((check) => check.ok);
        ctx.print.result({ ok, checks }, () => checks.map(doctorLine).join('\n'));
        return ok ? EXIT.ok : EXIT.failed;
      }),
    );
}
