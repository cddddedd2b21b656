import fs from 'node:fs';
import path from 'node:path';
import type { LogMessage, NodeLogger } from 'electron-log';
import { rotateLogFiles } from './log-rotation';

/*
 * The app's and the command line's log: one file each in `<data folder>/logs/` (main.log, cli.log), a few
 * files of a capped size, with levels, every line through the one redactor (see log-redaction.ts).
 *
 * Why electron-log (its Node entry, `electron-log/node`) rather than pino with a rotating destination or our
 * own writer: it is the logger most Electron apps ship, maintained for a decade; its Node entry runs the same
 * in the command line, in the tests and in the Electron main process without importing `electron` (services
 * may not); its file transport writes synchronously, so a line logged just before a crash or `process.exit`
 * is on disk; and it rotates by size with a hook for how old files are kept. pino's rotation (pino-roll) runs
 * in a worker thread, which the command line's single-file bundle and its cold-start budget cannot afford.
 */

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/** What the features log through. Every line is redacted before it is written. */
export interface AppLogger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
  /** The file written now (older ones beside it: main.1.log, main.2.log, …). */
  readonly file: string;
  /** Resolves once every line logged so far is on disk (or given up). */
  flush(): Promise<void>;
}

interface FileLoggerOptions {
  /** The data folder; the log goes to its `logs/` folder, made 0700. */
  dataDir: string;
  /** main.log for the app, cli.log for the command line. */
  fileName: string;
  /** Every line, before it is written (the one redactor, with what it knows). */
  redact: (line: string) => string;
  /** Rotated past this size (default 1 MiB). */
  maxBytes?: number;
  /** Older files kept beside the current one (default 3: at most 4 files of maxBytes). */
  keep?: number;
  /** Lines below this level are not written (default info). */
  level?: LogLevel;
  /** Also print to the console (the app in development); default no. */
  console?: boolean;
  /**
   * Load the library only when the first line is logged (the command line: a command that logs nothing
   * never pays for it). Default: at once.
   */
  lazy?: boolean;
  /**
   * Never create the data folder for the log: lines are dropped while it does not exist (the command line:
   * `statusdesk --version` on a fresh install writes nothing). Default: the folder is created.
   */
  onlyIfDataDirExists?: boolean;
}

const LOGS_DIR_NAME = 'logs';
const DEFAULT_MAX_BYTES = 1024 * 1024;
/** A line longer than this is cut: a log line is a sentence, never a response body. */
const MAX_LINE = 2_000;

export function logsDirOf(dataDir: string): string {
  return path.join(dataDir, LOGS_DIR_NAME);
}

let nextLogId = 0;

/** A logger writing to `<dataDir>/logs/<fileName>`. It never throws: a log that cannot be written is skipped. */
export function createFileLogger(options: FileLoggerOptions): AppLogger {
  const dir = logsDirOf(options.dataDir);
  const file = path.join(dir, options.fileName);
  let backend: NodeLogger | null = null;
  let loading: Promise<void> | null = null;
  const queued: Array<{ level: LogLevel; text: string }> = [];

  const load = (): Promise<void> => {
    loading ??= import('electron-log/node')
      .then((module) => {
        backend = configure((module.default ?? module) as NodeLogger, options, file);
        for (const line of queued.splice(0)) write(line.level, line.text);
      })
      .catch(() => {
        // No library, no log: the app and the command line still run.
        queued.length = 0;
      });
    return loading;
  };

  const write = (level: LogLevel, text: string): void => {
    if (!backend) {
      queued.push({ level, text });
      void load();
      return;
    }
    if (!ensureDir(options, dir)) return;
    backend[level](text);
  };

  if (!options.lazy) void load();
  return {
    file,
    error: (message) => write('error', message),
    warn: (message) => write('warn', message),
    info: (message) => write('info', message),
    debug: (message) => write('debug', message),
    flush: async () => {
      if (queued.length > 0 || loading) await load();
    },
  };
}

/** Makes the logs folder (0700) when it is missing; false when the line cannot be written there. */
function ensureDir(options: FileLoggerOptions, dir: string): boolean {
  try {
    if (fs.existsSync(dir)) return true;
    if (options.onlyIfDataDirExists && !fs.existsSync(options.dataDir)) return false;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return true;
  } catch {
    return false;
  }
}

function configure(root: NodeLogger, options: FileLoggerOptions, file: string): NodeLogger {
  // The library reports a file it cannot write through its default logger's console: that would be the
  // command line's stderr. A line that cannot be written is skipped instead.
  root.transports.console.level = false;
  root.transports.console.writeFn = () => undefined;
  const logger = root.create({ logId: `statusdesk-${options.fileName}-${nextLogId++}` }) as NodeLogger;
  const level = options.level ?? 'info';
  const transport = logger.transports.file;
  transport.level = level;
  transport.maxSize = options.maxBytes ?? DEFAULT_MAX_BYTES;
  transport.resolvePathFn = () => file;
  // Readable by this user only, like the rest of the data folder.
  transport.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  transport.archiveLogFn = (current) => rotateLogFiles(current.path, options.keep ?? 3);
  transport.format = ({ message }: { message: LogMessage }) => [`${message.date.toISOString()} ${message.level.padEnd(5)} ${String(message.data[0] ?? '')}`];
  logger.transports.console.level = options.console ? level : false;
  for (const name of Object.keys(logger.transports)) if (name !== 'file' && name !== 'console') disable(logger, name);
  // The one redactor sees every line that reaches a transport: nothing is written that did not pass it.
  logger.hooks.push((message) => ({ ...message, data: [oneLine(options.redact(message.data.map(String).join(' ')))] }));
  return logger;
}

function disable(logger: NodeLogger, name: string): void {
  const transport = (logger.transports as unknown as Record<string, { level: unknown } | null>)[name];
  if (transport) transport.level = false;
}

function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters (a newline in a message) would forge lines
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** A logger that writes nothing: where no log is wanted (tests, the e2e harness). */
export const silentLogger: AppLogger = {
  file: '',
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  flush: async () => undefined,
};

/** A plain `(message) => void` seen as a logger (tests and harnesses that collect lines), every level alike. */
export function functionLogger(log: (message: string) => void): AppLogger {
  return { ...silentLogger, error: log, warn: log, info: log, debug: log };
}
