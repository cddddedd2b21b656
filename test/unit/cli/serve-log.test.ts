import { describe, expect, it } from 'vitest';
import { ServeLog, serveLogFormat } from '../../../electron/cli/commands/serve-log';
import { KnownSecrets } from '../../../electron/core/security/known-secrets';

/*
 * serve's log lines: JSON lines a shipper can parse (ts, level, msg, fields) or text for people, and never a
 * secret this process holds, wherever it turns up (a message, a field, a receiver's echo).
 */

const HOOK = 'https://hooks.slack.com/services/T000/B000/abcdefghijklmnopqrstuvwx';
const at = () => new Date('2026-12-02T10:00:00.000Z');

function logOf(format: 'text' | 'json') {
  const lines: string[] = [];
  const secrets = new KnownSecrets();
  secrets.add(HOOK);
  return { lines, log: new ServeLog({ format, write: (line) => lines.push(line), secrets, now: at }) };
}

describe('serve log', () => {
  it('writes one JSON object per line with ts, level, msg and fields, and no secret in any of them', () => {
    const { lines, log } = logOf('json');
    log.info('delivered', { destination: 'Ops', delivery: 'd1', attempts: 1 });
    log.warn(`receiver said 404 for ${HOOK}`, { answer: `no such hook ${HOOK}`, apiKey: 'api_key=abc123def456' });
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toEqual({ ts: '2026-12-02T10:00:00.000Z', level: 'info', msg: 'delivered', fields: { destination: 'Ops', delivery: 'd1', attempts: 1 } });
    expect(second).toMatchObject({ level: 'warn' });
    expect(lines.join('')).not.toContain(HOOK);
    expect(lines.join('')).not.toContain('abcdefghijklmnopqrstuvwx');
    expect(lines.join('')).not.toContain('abc123def456');
  });

  it('writes text lines with quoted values where they hold spaces, redacted the same way', () => {
    const { lines, log } = logOf('text');
    log.error('not delivered', { destination: 'Ops room', reason: `refused at ${HOOK}`, changes: 3, skipped: undefined });
    expect(lines).toEqual([`2026-12-02T10:00:00.000Z error not delivered destination="Ops room" reason="refused at [redacted]" changes=3\n`]);
  });

  it('takes text or json as --log-format, and refuses anything else', () => {
    expect(serveLogFormat('JSON')).toBe('json');
    expect(serveLogFormat('text')).toBe('text');
    expect(() => serveLogFormat('xml')).toThrow(/--log-format must be text or json, not "xml"/);
  });
});
