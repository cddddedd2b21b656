import os from 'node:os';
import type { App } from 'electron';
import { createFileLogger } from '@core/logging/app-logger';
import { CoreLog } from '@core/logging/core-log';
import { redactLogLine } from '@core/logging/log-redaction';
import { KnownSecrets } from '@core/security/known-secrets';

interface AppLog {
  log: CoreLog;
  /** What the log redacts: the vault's stores add every key they hand out or keep (start-core.ts). */
  secrets: KnownSecrets;
}

/**
 * The main process's log, `<data folder>/logs/main.log` (rotated at 1 MiB, three older files kept), opened as
 * soon as the data folder is known; its first line says what runs, on what. In development it also prints to
 * the terminal.
 */
export function openAppLog(app: App, dataDir: string, demo: boolean): AppLog {
  const secrets = new KnownSecrets();
  const redact = (line: string) => redactLogLine(line, secrets);
  const logger = createFileLogger({ dataDir, fileName: 'main.log', redact, console: !app.isPackaged });
  const log = new CoreLog({ logger, redact });
  log.started(`Statusdesk ${app.getVersion()}${app.isPackaged ? '' : ' (development)'}${demo ? ' (demo)' : ''}`, {
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    node: process.versions.node,
    os: `${process.platform} ${os.release()} ${process.arch}`,
    pid: String(process.pid),
  });
  return { log, secrets };
}
