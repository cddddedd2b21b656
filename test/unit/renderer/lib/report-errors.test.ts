import { describe, expect, it, vi } from 'vitest';
import type { App } from 'vue';
import { reportErrorsToMain, reportOf, throttledSender } from '../../../../renderer/src/lib/report-errors';
import { rendererErrorReportSchema, type RendererErrorReport } from '../../../../shared/diagnostics/renderer-error-report';

describe('window errors to the main log', () => {
  it("Vue's errorHandler and unhandled rejections are sent as reports the channel accepts", () => {
    const sent: RendererErrorReport[] = [];
    const app = { config: {} } as App;
    const target = new EventTarget();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportErrorsToMain(app, target as unknown as Window, (report) => void sent.push(report));
    app.config.errorHandler!(new TypeError('x is undefined'), null, 'render function');
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('no answer') });
    target.dispatchEvent(rejection);
    quiet.mockRestore();
    expect(sent.map(({ kind, message, where }) => ({ kind, message, where }))).toEqual([
      { kind: 'error', message: 'TypeError: x is undefined', where: 'render function' },
      { kind: 'unhandledrejection', message: 'Error: no answer', where: undefined },
    ]);
    for (const report of sent) expect(rendererErrorReportSchema.safeParse(report).success).toBe(true);
  });

  it('cuts what is too long for the channel, and says what a thrown non-error was', () => {
    const long = reportOf('error', new Error('y'.repeat(5_000)), 'w'.repeat(500));
    expect(rendererErrorReportSchema.safeParse(long).success).toBe(true);
    expect(reportOf('unhandledrejection', { code: 42 }).message).toBe('{"code":42}');
  });

  it('sends at most ten reports a minute, and a failing send is dropped', () => {
    let now = 0;
    const send = vi.fn(() => Promise.reject(new Error('no main process')));
    const report = throttledSender(send, () => now);
    for (let i = 0; i < 15; i++) report(reportOf('error', new Error(`e${i}`)));
    expect(send).toHaveBeenCalledTimes(10);
    now = 60_000;
    report(reportOf('error', new Error('later')));
    expect(send).toHaveBeenCalledTimes(11);
  });
});
