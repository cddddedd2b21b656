import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { accountInputSchema, type AccountInput, type AccountRecord, type AccountView, type ConnectionCheck } from '@shared/accounts/account';
import { AppError } from '@shared/errors';
import { describeIssues } from '@shared/validation/describe-issues';
import { AccountsService } from '@core/accounts/accounts-service';
import { checkConnection } from '@core/accounts/connection-check';
import { createStatusPageProbeClient } from '@core/accounts/probe-client';
import type { CliContext } from '../context';
import { CliUsageError, table } from '../output';
import type { RunAction } from '../run-action';
import { whileAppIsNotRunning } from '../while-app-is-not-running';

/*
 * The same accounts as the app's: records in the settings file of the data folder, keys in the OS keychain
 * under the app's names (AccountsService). The key is never an argument (it would stay in the shell history
 * and in the process list): it is read from stdin, or typed at a prompt that does not echo.
 */

interface AddOptions {
  subdomain: string;
  organization?: string;
  key: boolean;
  check: boolean;
}

/** A check whose failure means the account as given cannot work: nothing is saved. */
const REFUSING_FAILURES = new Set<ConnectionCheck['failure']>(['wrong_key', 'forbidden', 'unknown_page', 'unknown_organization', 'not_an_api']);

async function accountsOf(ctx: CliContext): Promise<AccountsService> {
  return new AccountsService({ settings: await ctx.settingsStore(), vault: ctx.vault, clientFor: createStatusPageProbeClient });
}

function serverText(account: Pick<AccountRecord, 'region' | 'baseUrl'>): string {
  return account.region === 'custom' ? (account.baseUrl ?? 'custom') : account.region;
}

function keyText(view: AccountView): string {
  if (view.key.storage === 'none') return 'none';
  return `${view.key.storage}${view.key.lastFour ? ` …${view.key.lastFour}` : ''}`;
}

/** The key from a pipe (its first line) or typed at a prompt without echo; never from the command line. */
async function readKey(ctx: CliContext, name: string): Promise<string> {
  let key: string;
  if (ctx.io.stdinIsTty && ctx.io.promptSecret) key = await ctx.io.promptSecret(`API key for ${name} (typing is not shown): `);
  else if (!ctx.io.stdinIsTty && ctx.io.readStdin) key = (await ctx.io.readStdin()).split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  else key = '';
  key = key.trim();
  if (key === '') {
    throw new CliUsageError(
      'no API key was given: pipe it on stdin (statusdesk accounts add NAME --subdomain PAGE < key-file) or type it at the prompt; --no-key adds an account for public reads only',
    );
  }
  return key;
}

function checkText(check: ConnectionCheck): string {
  return [check.message, ...check.steps.map((step) => `  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name}: ${step.detail}`)].join('\n');
}

/** accounts list|add|remove|test */
export function registerAccountCommands(program: Command, run: RunAction): void {
  const accounts = program
    .command('accounts')
    .description('status page accounts, shared with the app (keys in the OS keychain)')
    .addHelpText('after', '\nThe key of "accounts add" is read from stdin or typed at a prompt that does not show it; it is never an argument.');

  accounts
    .command('list')
    .description('the configured accounts and whether each has a key')
    .action(
      run(async (ctx) => {
        const views = await (await accountsOf(ctx)).list();
        ctx.print.result({ accounts: views }, () =>
          views.length === 0
            ? 'No accounts. Add one with: statusdesk accounts add NAME --subdomain PAGE'
            : table([
                ['NAME', 'PAGE', 'SERVER', 'ORGANIZATION', 'KEY'],
                ...views.map((view) => [view.name, view.subdomain, serverText(view), view.organizationId ?? '', keyText(view)]),
              ]),
        );
      }),
    );

  accounts
    .command('add')
    .description('add an account: its server from --region or --base-url, its key from stdin or a prompt')
    .argument('<name>', 'a name for the account (what --account takes)')
    .requiredOption('--subdomain <subdomain>', 'the status page subdomain')
    .option('--organization <id>', 'the organization id (for its pages and members)')
    .option('--no-key', 'no key: public reads only')
    .option('--no-check', 'save without checking the server, the page and the key first')
    .action(run(async (ctx, name: string, options: AddOptions) => addAccount(ctx, name, options)));

  accounts
    .command('remove')
    .description('remove an account and its key from the keychain')
    .argument('<name>', 'the account name')
    .action(
      run(async (ctx, name: string) =>
        whileAppIsNotRunning(ctx, async () => {
          const service = await accountsOf(ctx);
          const account = findAccount(service, name);
          const result = await service.remove(account.id);
          ctx.print.result({ removed: account.name, keyDeleted: result.keyDeleted }, () => `removed ${account.name}${result.keyDeleted ? ' and its key' : ''}`);
        }),
      ),
    );

  accounts
    .command('test')
    .description("check the account's server, page and key (exits 1 when something fails)")
    .argument('<name>', 'the account name')
    .action(
      run(async (ctx, name: string) => {
        const service = await accountsOf(ctx);
        const check = await service.testConnection(findAccount(service, name).id);
        ctx.print.result(check, () => checkText(check));
        return check.ok ? 0 : 1;
      }),
    );
}

async function addAccount(ctx: CliContext, name: string, options: AddOptions): Promise<void> {
  const input: AccountInput = {
    name,
    subdomain: options.subdomain,
    ...(ctx.options.baseUrl ? { region: 'custom', baseUrl: ctx.options.baseUrl } : { region: ctx.options.region === 'eu' ? 'eu' : 'us' }),
    ...(options.organization === undefined ? {} : { organizationId: options.organization }),
  };
  // The fields first, and whether the app runs, so nobody types a key for a command that cannot save it.
  const fields = accountInputSchema.safeParse(input);
  if (!fields.success) throw new CliUsageError(describeIssues(fields.error.issues));
  await whileAppIsNotRunning(ctx, () => Promise.resolve());
  const apiKey = options.key ? await readKey(ctx, name) : undefined;
  const parsed = accountInputSchema.safeParse({ ...input, ...(apiKey === undefined ? {} : { apiKey }) });
  if (!parsed.success) throw new CliUsageError(describeIssues(parsed.error.issues));

  const service = await accountsOf(ctx);
  if (service.records().some((a) => a.name.toLowerCase() === name.trim().toLowerCase())) {
    throw new CliUsageError(`an account named "${name}" already exists (statusdesk accounts remove ${name} first)`);
  }
  let check: ConnectionCheck | null = null;
  if (options.check) {
    // Checked before saving: a wrong key, page or server is refused instead of stored.
    const { apiKey: key, sessionOnlyKey: _session, ...record } = parsed.data;
    const probe: AccountRecord = { ...record, id: randomUUID(), createdAt: new Date().toISOString() };
    check = await checkConnection(createStatusPageProbeClient(probe, key ?? null), {
      subdomain: probe.subdomain,
      organizationId: probe.organizationId,
      hasKey: key !== undefined,
    });
    if (REFUSING_FAILURES.has(check.failure)) {
      throw new AppError(check.failure === 'wrong_key' ? 'unauthorized' : 'invalid_input', `${check.message} Nothing was saved.`);
    }
  }
  let view: AccountView;
  try {
    // The lock only around the write: not while someone types the key or the server is asked.
    view = await whileAppIsNotRunning(ctx, () => service.add(parsed.data, { watchItsPage: true }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'keychain_unavailable') {
      // The app could keep the key for its session; a command ends at once, so that would keep nothing.
      const reason = (await ctx.vault.status()).reason ?? 'unknown reason';
      throw new AppError(
        'keychain_unavailable',
        `no OS keychain is available, so neither the key nor the account was saved (${reason}); without one, give the key in STATUSDESK_API_KEY`,
      );
    }
    throw error;
  }
  ctx.print.result({ account: view, check }, () =>
    [`added ${view.name}: page ${view.subdomain} on ${serverText(view)}, key ${keyText(view)}; its page is watched`, ...(check ? [checkText(check)] : [])].join(
      '\n',
    ),
  );
}

function findAccount(service: AccountsService, name: string): AccountRecord {
  const wanted = name.toLowerCase();
  const found = service.records().find((a) => a.id === name || a.name.toLowerCase() === wanted);
  if (!found) {
    const names = service.records().map((a) => a.name);
    throw new CliUsageError(`no account named "${name}" (accounts: ${names.join(', ') || 'none'})`);
  }
  return found;
}
