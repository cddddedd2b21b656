import path from 'node:path';
import type { App, CrashReporter } from 'electron';
import { APP_NAME } from '@core/desktop/app-identity';
import type { CoreLog } from '@core/logging/core-log';

const CRASHES_DIR_NAME = 'crashes';

/**
 * Crashes are kept, never sent: Electron's crash reporter writes minidumps to `<data folder>/crashes` with
 * uploading off, and every helper process that ends (the GPU process, a utility, a plugin) is logged with its
 * reason and exit code; a window's renderer is logged where its window recovers from it (crash-recovery.ts).
 * Call before the app is ready, so a crash at start-up is kept too.
 */
export function keepCrashes(app: App, crashReporter: CrashReporter, dataDir: string, log: CoreLog): string {
  const folder = path.join(dataDir, CRASHES_DIR_NAME);
  try {
    app.setPath('crashDumps', folder);
    crashReporter.start({ productName: APP_NAME, uploadToServer: false, compress: true });
    log.line('info', `crashes: minidumps are kept in ${folder}, never uploaded`);
  } catch (error) {
    log.line('warn', `crashes: the crash reporter could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  app.on('child-process-gone', (_event, details) => {
    const level = details.reason === 'clean-exit' ? 'info' : 'error';
    const name = details.name ? ` (${details.name})` : details.serviceName ? ` (${details.serviceName})` : '';
    log.line(
      level,
      `process gone: ${details.type}${name}: ${details.reason}, exit code ${details.exitCode}`,
      `A helper process (${details.type}) stopped (${details.reason}).`,
    );
  });
  return folder;
}
