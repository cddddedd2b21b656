import type { Command } from 'commander';
import { AppError } from '@shared/errors';
import type { ForgetResult } from '@shared/operations/forget-result';
import { checkOperationName, OPERATION_NAME_FORM, operationNameFromInput } from '@shared/operations/operation-name';
import type { TokenSourceKind } from '@shared/operations/token-source';
import { normalizeServiceBaseUrl } from '@core/operations/base-url';
import { AdcTokenProvider } from '@core/operations/adc-token-provider';
import { EnvTokenProvider, ACCESS_TOKEN_ENV_VAR } from '@core/operations/env-token-provider';
import { forgetAndRecord } from '@core/operations/forget-and-record';
import { resolveOAuthConfig } from '@core/operations/oauth-config';
import { OperationsClient } from '@core/operations/operations-client';
import { OperationsHistory } from '@core/operations/operations-history';
import { resolveOperationsSettings } from '@core/operations/operations-settings';
import { SignedInTokenProvider } from '@core/operations/signed-in-token-provider';
import type { AccessTokenProvider } from '@core/operations/token-provider';
import { secretNames } from '@core/vault/key-vault';
import type { CliContext } from '../context';
import { CliUsageError, EXIT, table } from '../output';
import type { RunAction } from '../run-action';

const OUTCOME_LABEL: Record<ForgetResult['outcome'], string> = {
  forgotten: 'forgotten',
  already_gone: 'already gone',
  failed: 'failed',
  queued: 'queued',
};

/** Every name is checked before anything is sent, so a typo never leaves a batch half done. */
function checkNames(names: string[]): void {
  const problems = names.flatMap((name) => {
    const check = checkOperationName(name);
    return check.ok ? [] : [`${JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}…` : name)}: ${check.reason}`];
  });
  if (problems.length > 0) {
    throw new CliUsageError(`not an operation name (expected ${OPERATION_NAME_FORM}), nothing was sent: ${problems.join('; ')}`);
  }
}

/**
 * The command line's token, in this order: STATUSDESK_ACCESS_TOKEN (a script's explicit choice), the app's
 * Google sign-in (refresh token from the keychain), then Application Default Credentials.
 */
async function tokenSource(ctx: CliContext): Promise<{ kind: TokenSourceKind; provider: AccessTokenProvider }> {
  const fromEnv = new EnvTokenProvider({ env: ctx.io.env });
  if (fromEnv.isSet()) return { kind: 'environment', provider: fromEnv };
  const settings = resolveOperationsSettings((await ctx.settings()).get().operations);
  if ((await ctx.vault.describe(secretNames.googleRefreshToken())).storage !== 'none') {
    if (!settings.oauth)
      throw new AppError('invalid_input', 'A Google sign-in is saved, but no OAuth client id is set in the app; set it there, or use STATUSDESK_ACCESS_TOKEN.');
    return { kind: 'google-sign-in', provider: new SignedInTokenProvider({ config: resolveOAuthConfig(settings.oauth), vault: ctx.vault }) };
  }
  // ADC are exchanged at Google's token endpoint only, never at the settings' (the window sets those).
  const adc = AdcTokenProvider.detect({ env: ctx.io.env });
  if (adc) return { kind: 'application-default', provider: adc };
  throw new AppError(
    'unauthorized',
    `No access token: set ${ACCESS_TOKEN_ENV_VAR} (for example to \`gcloud auth print-access-token\`), sign in with Google in the Statusdesk app, or set up Application Default Credentials.`,
  );
}

function parseConcurrency(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 16) throw new CliUsageError('--concurrency must be a whole number from 1 to 16');
  return value;
}

/** operations forget NAME... */
export function registerOperationsCommands(program: Command, run: RunAction): void {
  const operations = program.command('operations').description('long-running operations of a migration assessment service');

  operations
    .command('forget')
    .description(
      "tell the service you no longer need operations' results (DELETE /v1/NAME; the operations are not cancelled). " +
        `Token: ${ACCESS_TOKEN_ENV_VAR}, else the app's Google sign-in, else Application Default Credentials.`,
    )
    .argument('<name...>', `operation names, ${OPERATION_NAME_FORM} (a full https://…/v1/projects/… URL is accepted)`)
    .option('--operations-base-url <url>', "the service address (default: the app's setting, else Google's)")
    .option('--concurrency <n>', 'requests in flight at once (1 to 16, default 4)')
    .action(
      run(async (ctx, names: string[], options: { operationsBaseUrl?: string; concurrency?: string }) => {
        names = names.map(operationNameFromInput);
        checkNames(names);
        const concurrency = options.concurrency === undefined ? undefined : parseConcurrency(options.concurrency);
        const settings = resolveOperationsSettings((await ctx.settings()).get().operations);
        let baseUrl: string;
        try {
          baseUrl = normalizeServiceBaseUrl(options.operationsBaseUrl ?? settings.baseUrl);
        } catch (error) {
          if (error instanceof AppError && options.operationsBaseUrl !== undefined) throw new CliUsageError(`--operations-base-url: ${error.message}`);
          throw error;
        }
        const source = await tokenSource(ctx);
        const client = new OperationsClient({ baseUrl, tokenProvider: source.provider });
        const history = new OperationsHistory({ dataDir: ctx.dataDir, onProblem: (message) => ctx.io.stderr(`warning: ${message}\n`) });
        const results = await forgetAndRecord({
          client,
          names,
          history,
          source: source.kind,
          ...(concurrency === undefined ? {} : { concurrency }),
          onHistoryError: () => ctx.io.stderr(`warning: the operations history (${history.filePath}) could not be updated\n`),
        });
        ctx.print.result(results, () =>
          table(results.map((result) => [OUTCOME_LABEL[result.outcome], result.outcome === 'failed' ? `${result.name}: ${result.message}` : result.name])),
        );
        const failed = results.filter((result) => result.outcome === 'failed').length;
        ctx.print.note(`${results.length - failed} of ${results.length} forgotten or already gone${failed ? `, ${failed} failed` : ''}.`);
        return failed === 0 ? EXIT.ok : EXIT.failed;
      }),
    );
}
