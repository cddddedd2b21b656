import { AppError, toAppErrorShape } from '@shared/errors';
import type { CommandInterruption } from './interruption';
import { CliUsageError } from './exit-code';

export { CliUsageError, EXIT } from './exit-code';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Lines of standard input, when a command reads them (translate, accounts add). */
  readStdin?: () => Promise<string>;
  /** Whether standard input is a terminal (a person types) rather than a pipe. */
  stdinIsTty?: boolean;
  /** Whether standard output is a terminal: colour is used only then. */
  stdoutIsTty?: boolean;
  /** Whether standard error is a terminal: a long flush's progress is one line rewritten only then. */
  stderrIsTty?: boolean;
  /** Asks on the terminal for a secret without echoing what is typed (accounts add). */
  promptSecret?: (prompt: string) => Promise<string>;
  /** Told what the command opens and writes, so Ctrl-C or SIGTERM can say what became of it (index.ts). */
  interruption?: CommandInterruption;
  /** How long a command waits for another command that holds the outbox (default 45 s). */
  lockWaitMs?: number;
}

/** A failure's one-line reason: the typed message, never a stack. */
export function reasonOf(error: unknown): string {
  if (error instanceof CliUsageError) return error.message;
  if (error instanceof AppError) return toAppErrorShape(error).message.replace(/\s+/g, ' ');
  return 'unexpected error inside statusdesk';
}

export function codeOf(error: unknown): string {
  if (error instanceof CliUsageError) return 'invalid_input';
  return toAppErrorShape(error).code;
}

/** Prints a value as one JSON document (with --json) or as human text. */
export class Printer {
  readonly #io: CliIo;

  constructor(
    io: CliIo,
    readonly json: boolean,
  ) {
    this.#io = io;
  }

  result(value: unknown, text: () => string): void {
    this.#io.stdout(this.json ? `${JSON.stringify(value)}\n` : `${text()}\n`);
  }

  /** One JSON object per line (watch): a stream consumers can read line by line. */
  line(value: unknown, text: () => string): void {
    this.#io.stdout(this.json ? `${JSON.stringify(value)}\n` : `${text()}\n`);
  }

  note(text: string): void {
    if (!this.json) this.#io.stderr(`${text}\n`);
  }
}

export function table(rows: string[][]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n');
}
