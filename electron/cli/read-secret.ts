import { CliUsageError } from './exit-code';

/** The parts of a terminal's input stream a hidden prompt needs (process.stdin on a TTY). */
export interface SecretInput {
  setRawMode?: (raw: boolean) => unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  resume(): unknown;
  pause(): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  off(event: 'data', listener: (chunk: string) => void): unknown;
}

/**
 * One line typed on the terminal without echo: raw mode, so the key never appears on screen or in the
 * scrollback. Enter ends it, Backspace takes back a character, Ctrl+C or Ctrl+D on an empty line cancels.
 */
export function readHiddenLine(input: SecretInput, output: { write(text: string): unknown }, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && value === '')) return finish(new CliUsageError('cancelled: no key was read'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    output.write(prompt);
    input.setRawMode?.(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}
