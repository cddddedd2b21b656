import { redactLogLine } from '@core/logging/log-redaction';
import type { KnownSecrets } from '@core/security/known-secrets';
import { CliUsageError } from '../output';

/*
 * What `statusdesk serve` says on stdout: one line per event, delivery and change of state, for a service
 * manager's journal or a container's log driver. As text for people, or as JSON lines for a log shipper
 * (`--log-format json`). Every string goes through the project's redactor with every secret this process
 * has held (the destinations' addresses and keys among them), so no line ever carries one.
 */

export const SERVE_LOG_FORMATS = ['text', 'json'] as const;
type ServeLogFormat = (typeof SERVE_LOG_FORMATS)[number];
type ServeLogLevel = 'info' | 'warn' | 'error';
export type ServeLogFields = Record<string, string | number | boolean | null | undefined>;

export function serveLogFormat(text: string): ServeLogFormat {
  const format = SERVE_LOG_FORMATS.find((known) => known === text.toLowerCase());
  if (!format) throw new CliUsageError(`--log-format must be ${SERVE_LOG_FORMATS.join(' or ')}, not "${text}"`);
  return format;
}

interface ServeLogOptions {
  format: ServeLogFormat;
  write: (line: string) => void;
  secrets: KnownSecrets;
  now?: () => Date;
}

export class ServeLog {
  readonly #options: ServeLogOptions;

  constructor(options: ServeLogOptions) {
    this.#options = options;
  }

  info(msg: string, fields: ServeLogFields = {}): void {
    this.#line('info', msg, fields);
  }

  warn(msg: string, fields: ServeLogFields = {}): void {
    this.#line('warn', msg, fields);
  }

  error(msg: string, fields: ServeLogFields = {}): void {
    this.#line('error', msg, fields);
  }

  #line(level: ServeLogLevel, msg: string, fields: ServeLogFields): void {
    const redact = (text: string) => redactLogLine(text, this.#options.secrets);
    const kept: Record<string, string | number | boolean | null> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      kept[name] = typeof value === 'string' ? redact(value) : value;
    }
    const ts = (this.#options.now ?? (() => new Date()))().toISOString();
    if (this.#options.format === 'json') {
      this.#options.write(`${JSON.stringify({ ts, level, msg: redact(msg), fields: kept })}\n`);
      return;
    }
    const pairs = Object.entries(kept).map(([name, value]) => `${name}=${textValue(value)}`);
    this.#options.write(`${[ts, level.padEnd(5), redact(msg), ...pairs].join(' ')}\n`);
  }
}

/** A field's value as `key=value`, quoted when it holds a space or a quote so the line still splits. */
function textValue(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return String(value);
  return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
}
