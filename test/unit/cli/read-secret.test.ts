import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { readHiddenLine, type SecretInput } from '../../../electron/cli/read-secret';

/** A terminal's input: raw mode switched on and off, characters arriving as typed. */
class FakeTerminal extends EventEmitter implements SecretInput {
  raw: boolean[] = [];
  paused = false;
  setRawMode(raw: boolean) {
    this.raw.push(raw);
  }
  setEncoding() {}
  resume() {
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
  type(text: string) {
    this.emit('data', text);
  }
}

describe('readHiddenLine (accounts add)', () => {
  it('reads a line in raw mode and echoes nothing of it; Backspace takes a character back', async () => {
    const input = new FakeTerminal();
    let shown = '';
    const line = readHiddenLine(input, { write: (text: string) => (shown += text) }, 'API key: ');
    input.type('secret-kez');
    input.type('\u007fy');
    input.type('\r');
    await expect(line).resolves.toBe('secret-key');
    expect(shown).toBe('API key: \n');
    expect(input.raw).toEqual([true, false]);
    expect(input.paused).toBe(true);
  });

  it('Ctrl+C cancels without a key', async () => {
    const input = new FakeTerminal();
    const line = readHiddenLine(input, { write: () => true }, 'API key: ');
    input.type('abc\u0003');
    await expect(line).rejects.toThrow(/cancelled/);
    expect(input.raw).toEqual([true, false]);
  });
});
