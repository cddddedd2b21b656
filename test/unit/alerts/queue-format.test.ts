import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../../../electron/core/alerts/delivery/delivery-record';
import { addLine, headerLine, parseQueue, removeLine, stateLine } from '../../../electron/core/alerts/delivery/queue-format';
import { alertMessage } from '../../integration/alerts/support/messages';

const record = (id: string, seq: number): DeliveryRecord => ({
  id,
  seq,
  destinationId: 'slack',
  destinationName: 'Team Slack',
  kind: 'slack',
  message: alertMessage({ n: seq }),
  queuedAt: '2026-12-02T14:05:00.000Z',
  state: 'queued',
  attempts: 0,
  problem: null,
  firstAttemptAt: null,
  nextAttemptAt: null,
  deliveredAt: null,
});
const text = (lines: string[]) => Buffer.from(lines.map((line) => `${line}\n`).join(''));

describe('the alert queue file', () => {
  it('replays adds, state changes and removals; later lines win', () => {
    const parsed = parseQueue(
      text([
        headerLine(),
        addLine(record('a', 1)),
        addLine(record('b', 2)),
        stateLine('a', { state: 'delivered', attempts: 1, problem: null, firstAttemptAt: 1, nextAttemptAt: null, deliveredAt: '2026-12-02T14:05:01.000Z' }),
        removeLine('b'),
      ]),
    );
    expect(parsed).toMatchObject({ header: 'ok', damagedLines: 0, tornTail: false });
    expect(parsed.records.map((r) => [r.id, r.state, r.attempts])).toEqual([['a', 'delivered', 1]]);
  });

  it('drops a torn last line (a crash mid-write) and keeps the rest', () => {
    const whole = text([headerLine(), addLine(record('a', 1))]);
    const torn = Buffer.concat([whole, Buffer.from(addLine(record('b', 2)).slice(0, 40))]);
    const parsed = parseQueue(torn);
    expect(parsed).toMatchObject({ tornTail: true, damagedLines: 0, missingNewline: true });
    expect(parsed.records.map((r) => r.id)).toEqual(['a']);
  });

  it('counts a damaged line in the middle as damage, never as a torn tail', () => {
    const parsed = parseQueue(text([headerLine(), addLine(record('a', 1)), '{"t":"add","d":{ garbage', addLine(record('c', 3))]));
    expect(parsed).toMatchObject({ tornTail: false, damagedLines: 1 });
    expect(parsed.records.map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('knows a newer version’s file and a file that is not a queue', () => {
    expect(parseQueue(text(['{"format":"statusdesk.alert-queue","version":9}'])).header).toBe('newer');
    expect(parseQueue(text(['{"hello":1}'])).header).toBe('missing');
  });
});
