import os from 'node:os';
import { createFileLogger } from '@core/logging/app-logger';
import { CoreLog } from '@core/logging/core-log';
import { redactLogLine } from '@core/logging/log-redaction';
import { KnownSecrets } from '@core/security/known-secrets';
import type { OutboxService } from '@core/outbox/outbox-service';
import { resolveDataDir } from '@core/settings/data-dir';
import { asksAboutTheProgram } from './command-table';
import { CommandInterruption } from './interruption';
import { CLI_VERSION } from './program';

/** The keys a command may be given in its environment: never written, whatever line they turn up in. */
const SECRET_ENV = ['STATUSDESK_API_KEY', 'STATUSDESK_TRANSLATION_KEY', 'STATUSDESK_ACCESS_TOKEN'];
/** Global options followed by a value: skipped when naming the command. */
const OPTIONS_WITH_VALUE = new Set(['--region', '--base-url', '--account']);
/** Commands whose second word is a subcommand (`incidents create`); any other's second word is a value (a page). */
const FAMILIES = new Set(['accounts', 'alerts', 'incidents', 'maintenances', 'notices', 'outbox', 'operations', 'providers']);

/**
 * The command line's log, `<data folder>/logs/cli.log` (rotated at 1 MiB, three older files kept): each
 * command's start (version, Node, system), the outbox writes it made or sent (their transitions), what it
 * said on stderr (its failures, in the words the user saw) and how it ended. A command that gets no data
 * folder (`--version`, `--help`, a fresh install's first read) writes nothing and never makes one; the
 * library is loaded only once a line is written, so the cold start does not pay for it.
 */
class CliLog {
  readonly log: CoreLog;
  readonly #command: string;
  readonly #startedAt = performance.now();

  constructor(env: NodeJS.ProcessEnv, command: string) {
    const secrets = new KnownSecrets();
    for (const name of SECRET_ENV) secrets.add(env[name]);
    const redact = (line: string) => redactLogLine(line, secrets);
    const logger = createFileLogger({ dataDir: resolveDataDir(env), fileName: 'cli.log', redact, lazy: true, onlyIfDataDirExists: true });
    this.log = new CoreLog({ logger, redact });
    this.#command = command;
    this.log.started(`statusdesk ${command}`, {
      version: CLI_VERSION,
      node: process.versions.node,
      os: `${process.platform} ${os.release()} ${process.arch}`,
      pid: String(process.pid),
    });
  }

  /** What the command prints on stderr: its warnings and failures, as the user read them. */
  stderr(text: string): void {
    for (const line of text.split('\n')) if (line.trim() !== '') this.log.line(/^statusdesk: /.test(line) ? 'warn' : 'info', `stderr: ${line}`);
  }

  /** An interruption handler that also logs the transitions of every outbox the command opens. */
  interruption(): CommandInterruption {
    return new LoggedInterruption(this.log);
  }

  /** The last line, then everything on disk before the process exits. */
  async finish(exitCode: number): Promise<void> {
    const ms = Math.round(performance.now() - this.#startedAt);
    this.log.line(exitCode === 0 ? 'info' : 'warn', `statusdesk ${this.#command} ended with exit code ${exitCode} after ${ms} ms`);
    await this.log.logger.flush();
  }
}

class LoggedInterruption extends CommandInterruption {
  readonly #log: CoreLog;
  readonly #unsubscribe = new Map<OutboxService, () => void>();

  constructor(log: CoreLog) {
    super();
    this.#log = log;
  }

  override outboxOpened(outbox: OutboxService): void {
    super.outboxOpened(outbox);
    if (!this.#unsubscribe.has(outbox))
      this.#unsubscribe.set(
        outbox,
        // The log has a line for each write's move, none for the counts.
        outbox.onChange((change) => this.#log.outboxChange(change), { status: false }),
      );
  }

  override outboxClosed(outbox: OutboxService): void {
    super.outboxClosed(outbox);
    this.#unsubscribe.get(outbox)?.();
    this.#unsubscribe.delete(outbox);
  }
}

/**
 * The log of a command, or null when the command is only asking about the program (`--version`, `--help`,
 * nothing at all): those never touch the data folder.
 */
export function openCliLog(env: NodeJS.ProcessEnv, argv: readonly string[]): CliLog | null {
  if (asksAboutTheProgram(argv)) return null;
  const command = commandOf(argv);
  return command === '' ? null : new CliLog(env, command);
}

/** The command's words (`incidents create`), never its values: a title, a message or a key stays out of the log. */
export function commandOf(argv: readonly string[]): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (OPTIONS_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    if (!/^[a-z][a-z-]*$/.test(arg)) break;
    words.push(arg);
    if (!FAMILIES.has(words[0]!)) break;
  }
  return words.join(' ');
}
