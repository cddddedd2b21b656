import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryKey } from '../../../electron/core/translation/memory-key';
import { MEMORY_FILE_NAME, TranslationMemory, type MemoryLoadReport } from '../../../electron/core/translation/translation-memory';
import { makeTempDir } from '../../support/temp-dir';

const DAY = 24 * 60 * 60 * 1000;
const k = (text: string, extra: Partial<{ from: string; to: string; type: number }> = {}) => ({
  service: 'https://api.example#k',
  from: 'en',
  to: 'de',
  type: 1,
  text,
  ...extra,
});

describe('TranslationMemory', () => {
  let temp: { dir: string; remove: () => void };
  let clock: number;
  const now = () => clock;
  const file = () => path.join(temp.dir, MEMORY_FILE_NAME);

  beforeEach(() => {
    temp = makeTempDir('statusdesk-tm-');
    clock = Date.UTC(2025, 0, 1);
  });
  afterEach(() => temp.remove());

  it('keys by (from, to, type, text) with a sha256 hash', () => {
    expect(memoryKey(k('Hello'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(memoryKey(k('Hello'))).toBe(memoryKey(k('Hello')));
    expect(memoryKey(k('Hello'))).not.toBe(memoryKey(k('Hello', { type: 2 })));
    expect(memoryKey(k('Hello'))).not.toBe(memoryKey(k('Hello', { to: 'fr' })));
    expect(memoryKey(k('Hello'))).not.toBe(memoryKey(k('Hello', { from: 'es' })));
    expect(memoryKey(k('a b', { from: 'en' }))).not.toBe(memoryKey({ service: 'https://api.example#k', from: 'en', to: 'de', type: 1, text: 'a  b' }));
  });

  it('stores, persists across a restart, and writes a JSON-lines file with a header and no source text', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(memory.get(k('Hello'))).toBeUndefined();
    memory.set(k('Hello'), 'Hallo');
    memory.set(k('World', { type: 42 }), 'Welt');
    expect(memory.get(k('Hello'))).toBe('Hallo');
    await memory.close();

    const lines = fs.readFileSync(file(), 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'statusdesk.translation-memory', version: 1 });
    expect(fs.readFileSync(file(), 'utf8')).not.toContain('Hello');

    const reopened = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(reopened.loadReport.problem).toBeNull();
    expect(reopened.get(k('Hello'))).toBe('Hallo');
    expect(reopened.get(k('World', { type: 42 }))).toBe('Welt');
    expect(reopened.get(k('World'))).toBeUndefined();
    await reopened.close();
  });

  it('does not create a file until something is stored', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    await memory.close();
    expect(fs.existsSync(file())).toBe(false);
  });

  it('expires entries 7 days after they were stored (injected clock), also after a restart', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    memory.set(k('old'), 'alt');
    await memory.flush();
    clock += 7 * DAY - 1;
    expect(memory.get(k('old'))).toBe('alt');
    await memory.flush();
    const beforeExpiry = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(beforeExpiry.get(k('old'))).toBe('alt');
    clock += 1;
    expect(memory.get(k('old'))).toBeUndefined();
    expect(beforeExpiry.get(k('old'))).toBeUndefined();
    const afterExpiry = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(afterExpiry.loadReport.expired).toBe(1);
    expect(afterExpiry.size).toBe(0);
  });

  it('keeps its characters under maxChars: long translations push out the least recently used, and so does a restart', async () => {
    const key = memoryKey(k('a')); // every key is as long: a hash
    const long = 'x'.repeat(1_000);
    const maxChars = 3 * (key.length + long.length);
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now, maxChars });
    for (const text of ['a', 'b', 'c', 'd']) {
      memory.set(k(text), long);
      clock += 1000;
    }
    expect(memory.size).toBe(3);
    expect(memory.get(k('a'))).toBeUndefined();
    // One translation longer than the whole bound is still kept, alone.
    memory.set(k('huge'), 'y'.repeat(maxChars));
    expect(memory.size).toBe(1);
    expect(memory.get(k('huge'))).toHaveLength(maxChars);
    await memory.close();
    const reopened = await TranslationMemory.open({ dataDir: temp.dir, now, maxChars: maxChars * 2 });
    expect(reopened.size).toBe(1);
    await reopened.close();
    // A smaller bound at start keeps only what fits.
    const smaller = await TranslationMemory.open({ dataDir: temp.dir, now, maxChars: 10 });
    expect(smaller.size).toBe(0);
    expect(smaller.loadReport.evicted).toBe(1);
    await smaller.close();
  });

  it('evicts the least recently used entries beyond maxEntries, in memory and after a restart', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now, maxEntries: 3 });
    for (const text of ['a', 'b', 'c']) {
      memory.set(k(text), text.toUpperCase());
      clock += 1000;
    }
    expect(memory.get(k('a'))).toBe('A'); // a is now the most recently used
    clock += 1000;
    memory.set(k('d'), 'D');
    expect(memory.size).toBe(3);
    expect(memory.get(k('b'))).toBeUndefined();
    expect(memory.get(k('a'))).toBe('A');
    await memory.close();

    const reopened = await TranslationMemory.open({ dataDir: temp.dir, now, maxEntries: 3 });
    expect(reopened.size).toBe(3);
    expect(reopened.get(k('b'))).toBeUndefined();
    for (const text of ['a', 'c', 'd']) expect(reopened.get(k(text))).toBe(text.toUpperCase());
    // A smaller bound at start keeps the most recently used.
    await reopened.close();
    const smaller = await TranslationMemory.open({ dataDir: temp.dir, now, maxEntries: 1 });
    expect(smaller.loadReport.evicted).toBe(2);
    expect(smaller.size).toBe(1);
  });

  it('uses the default bounds of 50,000 entries and 7 days', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir });
    expect(memory.maxEntries).toBe(50_000);
    expect(memory.ttlMs).toBe(7 * DAY);
  });

  it('compacts the log atomically once it holds more than twice the live entries', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now, compactMinLines: 10 });
    memory.set(k('x'), 'X');
    for (let i = 0; i < 30; i++) {
      clock += 1;
      memory.get(k('x'));
      await memory.flush();
    }
    const lines = fs.readFileSync(file(), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(fs.readdirSync(temp.dir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    const reopened = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(reopened.get(k('x'))).toBe('X');
  });

  async function seed(texts: string[]): Promise<void> {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    for (const text of texts) memory.set(k(text), `${text}!`);
    await memory.close();
  }

  function corruptFiles(): string[] {
    return fs.readdirSync(temp.dir).filter((name) => name.includes('.corrupt-'));
  }

  it('moves a file with a garbage line aside, reports it, and keeps every valid entry', async () => {
    await seed(['one', 'two', 'three']);
    const lines = fs.readFileSync(file(), 'utf8').trimEnd().split('\n');
    lines.splice(2, 0, '{"k": not json at all', '{"k":"short","v":"x","c":1,"u":1}');
    fs.writeFileSync(file(), `${lines.join('\n')}\n`);

    const reports: MemoryLoadReport[] = [];
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now, onLoad: (r) => reports.push(r) });
    expect(reports).toHaveLength(1);
    expect(memory.loadReport.invalidLines).toBe(2);
    expect(memory.loadReport.quarantinedTo).not.toBeNull();
    expect(memory.loadReport.problem).toMatch(/damaged.*3 entries were kept/);
    expect(corruptFiles()).toHaveLength(1);
    for (const text of ['one', 'two', 'three']) expect(memory.get(k(text))).toBe(`${text}!`);
    // The new file is clean: a second start finds nothing wrong.
    await memory.close();
    const again = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(again.loadReport.problem).toBeNull();
    expect(again.size).toBe(3);
  });

  it('handles a file cut in the middle of the last line (crash during append)', async () => {
    await seed(['one', 'two', 'three']);
    const text = fs.readFileSync(file(), 'utf8');
    fs.writeFileSync(file(), text.slice(0, text.length - 20));
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(memory.loadReport.truncated).toBe(true);
    expect(memory.loadReport.invalidLines).toBe(1);
    expect(memory.loadReport.quarantinedTo).not.toBeNull();
    expect(memory.size).toBe(2);
    expect(memory.get(k('one'))).toBe('one!');
    expect(memory.get(k('two'))).toBe('two!');
    // Appending after the repair lands on a clean line.
    memory.set(k('four'), 'four!');
    await memory.close();
    const again = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(again.loadReport.problem).toBeNull();
    expect(again.get(k('four'))).toBe('four!');
  });

  it('keeps what it can read from bytes that are not UTF-8 and from a file with no header', async () => {
    await seed(['one', 'two']);
    const bytes = fs.readFileSync(file());
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    const broken = Buffer.concat([Buffer.from(`${lines[1]}\n`), Buffer.from([0xff, 0xfe, 0x7b, 0x0a]), Buffer.from(`${lines[2]}\n`)]);
    fs.writeFileSync(file(), broken); // header gone, one invalid UTF-8 line
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(memory.loadReport.quarantinedTo).not.toBeNull();
    expect(memory.loadReport.problem).toMatch(/no header/);
    expect(memory.get(k('one'))).toBe('one!');
    expect(memory.get(k('two'))).toBe('two!');
  });

  it('moves a file of a newer format aside and starts empty', async () => {
    fs.writeFileSync(file(), `${JSON.stringify({ format: 'statusdesk.translation-memory', version: 9 })}\n`);
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(memory.loadReport.problem).toMatch(/newer/);
    expect(corruptFiles()).toHaveLength(1);
    expect(memory.size).toBe(0);
  });

  it('a complete file without its last newline is repaired without quarantine', async () => {
    await seed(['one']);
    fs.writeFileSync(file(), fs.readFileSync(file(), 'utf8').trimEnd());
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(memory.loadReport.quarantinedTo).toBeNull();
    expect(fs.readFileSync(file(), 'utf8').endsWith('\n')).toBe(true);
    expect(memory.get(k('one'))).toBe('one!');
  });

  it('clear() forgets everything on disk too', async () => {
    await seed(['one']);
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    await memory.clear();
    const again = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(again.size).toBe(0);
  });

  it('reports a write failure as a storage AppError and recovers on the next flush', async () => {
    const memory = await TranslationMemory.open({ dataDir: temp.dir, now });
    memory.set(k('one'), 'one!');
    await memory.flush();
    fs.rmSync(file());
    fs.mkdirSync(file()); // a folder where the file should be: appends fail
    memory.set(k('two'), 'two!');
    await expect(memory.flush()).rejects.toMatchObject({ code: 'storage' });
    fs.rmdirSync(file());
    await memory.flush();
    const again = await TranslationMemory.open({ dataDir: temp.dir, now });
    expect(again.get(k('one'))).toBe('one!');
    expect(again.get(k('two'))).toBe('two!');
  });
});
