import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger, logsDirOf } from '../../../electron/core/logging/app-logger';
import { redactLogLine } from '../../../electron/core/logging/log-redaction';
import { KnownSecrets } from '../../../electron/core/security/known-secrets';
import { logFilesOf } from '../../../electron/core/logging/log-rotation';
import { makeTempDir } from '../../support/temp-dir';

let temp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => temp?.remove());

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('the file log', () => {
  it('writes leveled, timestamped lines to logs/<name> in the data folder, 0600 in a 0700 folder', async () => {
    temp = makeTempDir();
    const logger = createFileLogger({ dataDir: temp.dir, fileName: 'main.log', redact: (l) => l, level: 'info' });
    logger.info('started');
    logger.warn('a page is stale');
    logger.debug('not written below info');
    await logger.flush();
    expect(logger.file).toBe(path.join(temp.dir, 'logs', 'main.log'));
    const lines = read(logger.file).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z info {2}started$/);
    expect(lines[1]).toMatch(/Z warn {2}a page is stale$/);
    if (process.platform !== 'win32') {
      expect(fs.statSync(logsDirOf(temp.dir)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(logger.file).mode & 0o777).toBe(0o600);
    }
  });

  it('rotates by size: a few files of a capped size, the oldest dropped', async () => {
    temp = makeTempDir();
    const logger = createFileLogger({ dataDir: temp.dir, fileName: 'cli.log', redact: (l) => l, maxBytes: 2_000, keep: 2 });
    for (let i = 0; i < 200; i++) logger.info(`line ${String(i).padStart(3, '0')} ${'x'.repeat(60)}`);
    await logger.flush();
    const files = logFilesOf(logger.file);
    expect(files.map((f) => path.basename(f))).toEqual(['cli.log', 'cli.1.log', 'cli.2.log']);
    for (const file of files) expect(fs.statSync(file).size).toBeLessThanOrEqual(2_000 + 120);
    // Newest in cli.log, the one before in cli.1.log; the first lines are gone.
    expect(read(files[0]!)).toContain('line 199');
    expect(read(files[2]!)).not.toContain('line 000');
    const first = (file: string) => Number(/line (\d+)/.exec(read(file))![1]);
    expect(first(files[2]!)).toBeLessThan(first(files[1]!));
    expect(first(files[1]!)).toBeLessThan(first(files[0]!));
  });

  it('passes every line through the redactor: known secrets, secret query values, credentials after their name', async () => {
    temp = makeTempDir();
    const known = new KnownSecrets();
    known.add('sk_live_0123456789abcdef');
    const logger = createFileLogger({ dataDir: temp.dir, fileName: 'main.log', redact: (l) => redactLogLine(l, known) });
    logger.error('refused with key sk_live_0123456789abcdef at https://api.example/x?api_key=whatever&page=1');
    logger.warn('header Authorization: OAuth abcdefghijklmnop0123 sent');
    logger.info('{"refresh_token":"1//0gAbCdEf"} and multi\nline');
    await logger.flush();
    const text = read(logger.file);
    expect(text).not.toContain('sk_live_0123456789abcdef');
    expect(text).not.toContain('whatever');
    expect(text).not.toContain('abcdefghijklmnop0123');
    expect(text).not.toContain('1//0gAbCdEf');
    expect(text).toContain('api_key=[redacted]&page=1');
    // A newline inside a message cannot forge a line of its own.
    expect(text.trim().split('\n')).toHaveLength(3);
  });

  it('makes no data folder when told to write only into an existing one, and never throws', async () => {
    temp = makeTempDir();
    const missing = path.join(temp.dir, 'not-yet');
    const logger = createFileLogger({ dataDir: missing, fileName: 'cli.log', redact: (l) => l, lazy: true, onlyIfDataDirExists: true });
    logger.info('nothing to see');
    await logger.flush();
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('skips lines it cannot write (a data folder that is a file) without a word on the console', async () => {
    temp = makeTempDir();
    const file = path.join(temp.dir, 'data');
    fs.writeFileSync(file, 'not a folder');
    const logger = createFileLogger({ dataDir: file, fileName: 'main.log', redact: (l) => l });
    expect(() => logger.error('still running')).not.toThrow();
    await logger.flush();
  });
});
