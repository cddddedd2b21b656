import type { App } from 'vue';
import { RENDERER_ERROR_LIMITS, type RendererErrorReport } from '@shared/diagnostics/renderer-error-report';

/** At most this many reports a minute leave the window (the main process limits again, for the log). */
const PER_MINUTE = 10;

type Send = (report: RendererErrorReport) => unknown;

/** What an error says, within the limits the channel accepts. */
export function reportOf(kind: RendererErrorReport['kind'], error: unknown, where?: string): RendererErrorReport {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : safeString(error);
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    kind,
    message: cut(message, RENDERER_ERROR_LIMITS.message),
    ...(where ? { where: cut(where, RENDERER_ERROR_LIMITS.where) } : {}),
    ...(stack ? { stack: cut(stack, RENDERER_ERROR_LIMITS.stack) } : {}),
  };
}

/** A sender that lets through at most PER_MINUTE reports a minute and never throws (a failed report is dropped). */
export function throttledSender(send: Send, now: () => number = Date.now): Send {
  let windowStart = -Infinity;
  let sent = 0;
  return (report) => {
    const at = now();
    if (at - windowStart >= 60_000) {
      windowStart = at;
      sent = 0;
    }
    if (sent >= PER_MINUTE) return;
    sent++;
    try {
      void Promise.resolve(send(report)).catch(() => undefined);
    } catch {
      // The report is best effort: the window goes on.
    }
  };
}

/**
 * Vue's errorHandler (a component's render, setup, watcher or hook) and the window's unhandled promise
 * rejections go to the main process's log through `diagnostics.reportRendererError`. Errors still reach the
 * console as before.
 */
export function reportErrorsToMain(app: App, target: Pick<Window, 'addEventListener'>, send: Send): void {
  const report = throttledSender(send);
  app.config.errorHandler = (error, _instance, info) => {
    console.error(error);
    report(reportOf('error', error, info));
  };
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => report(reportOf('unhandledrejection', event.reason)));
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
