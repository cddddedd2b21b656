import { describeIssues } from '@shared/validation/describe-issues';
import { AppError, type AppErrorShape, toAppErrorShape } from '@shared/errors';
import type { Contract, InvokeKeys, RequestOf, ResponseOf, Result } from '@shared/ipc/define';
import { isTrustedSender, type SenderFrame } from '@core/security/trusted-sender';

export type InvokeHandlers<C extends Contract> = {
  [K in InvokeKeys<C>]: (request: RequestOf<C, K>) => Promise<ResponseOf<C, K>> | ResponseOf<C, K>;
};

/** The handlers of one channel group (`accounts.*`), which a feature module provides. */
export type GroupHandlers<C extends Contract, G extends string> = Pick<InvokeHandlers<C>, Extract<InvokeKeys<C>, `${G}.${string}`>>;

interface DispatcherOptions {
  /** Origins the app's own pages are served from (app://statusdesk, the dev server, the e2e server). */
  appOrigins: readonly string[];
  /** Called for failures that are our own bugs, so they are logged in the main process, never sent. */
  onInternalError?: (channel: string, error: unknown) => void;
  /** Called for every refused request (untrusted sender, unknown channel, invalid input), for the log. */
  onRefused?: (channel: string, error: AppErrorShape) => void;
  /** Called for every request whose handler failed with an AppError the window will show, for the log. */
  onFailed?: (channel: string, error: AppErrorShape) => void;
  /** Takes every secret the app knows out of an answer, success or failure, before the window sees it. */
  redact?: <T>(value: T) => T;
}

export interface IpcDispatcher {
  /** Checks the sender, parses the request, runs the handler, checks the response: never throws. */
  dispatch(channel: string, payload: unknown, sender: SenderFrame | null | undefined): Promise<Result<unknown>>;
  readonly channels: readonly string[];
}

export function createIpcDispatcher<C extends Contract>(contract: C, handlers: InvokeHandlers<C>, options: DispatcherOptions): IpcDispatcher {
  const invokeChannels = Object.keys(contract).filter((name) => contract[name]?.kind === 'invoke');
  for (const name of invokeChannels) {
    if (typeof (handlers as Record<string, unknown>)[name] !== 'function') {
      throw new Error(`No handler registered for IPC channel ${name}`);
    }
  }

  const redact = options.redact ?? (<T>(value: T) => value);
  const fail = (error: AppErrorShape): Result<unknown> => ({ ok: false, error: redact(error) });
  const refuse = (channel: unknown, error: AppErrorShape): Result<unknown> => {
    options.onRefused?.(String(channel).slice(0, 80), error);
    return fail(error);
  };

  return {
    channels: invokeChannels,
    async dispatch(channel, payload, sender) {
      if (!isTrustedSender(sender, options.appOrigins)) {
        return refuse(channel, { code: 'untrusted_sender', message: 'This request did not come from the Statusdesk window.' });
      }
      const definition = Object.hasOwn(contract, channel) ? contract[channel] : undefined;
      if (!definition || definition.kind !== 'invoke') {
        return refuse(channel, { code: 'unknown_channel', message: `There is no IPC channel named "${String(channel).slice(0, 80)}".` });
      }
      const parsed = definition.request.safeParse(payload);
      if (!parsed.success) {
        return refuse(channel, { code: 'invalid_input', message: describeIssues(parsed.error.issues) });
      }
      const handler = (handlers as Record<string, (request: unknown) => unknown>)[channel]!;
      let value: unknown;
      try {
        value = await handler(parsed.data);
      } catch (error) {
        if (!(error instanceof AppError)) options.onInternalError?.(channel, error);
        const shape = toAppErrorShape(error);
        if (error instanceof AppError) options.onFailed?.(channel, shape);
        return fail(shape);
      }
      // Responses are parsed too: object schemas strip unknown keys, so a field added by mistake
      // (a key, a token) never reaches the renderer.
      const checked = definition.response.safeParse(value);
      if (!checked.success) {
        options.onInternalError?.(channel, new Error(`response of ${channel} failed its schema: ${describeIssues(checked.error.issues)}`));
        return fail(new AppError('internal', 'Statusdesk produced an answer it could not check.').toShape());
      }
      return { ok: true, value: redact(checked.data) };
    },
  };
}
