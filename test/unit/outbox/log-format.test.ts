import { describe, expect, it } from 'vitest';
import { headerLine, parseOutboxLog, recordLine } from '../../../electron/core/outbox/log-format';

const remove = (id: string) => recordLine({ t: 'remove', id });
const map = recordLine({ t: 'map', tempId: 'tmp-x', serverId: 5, at: 1 });

describe('outbox log format', () => {
  it('reads header and records', () => {
    const log = parseOutboxLog(Buffer.from(`${headerLine()}\n${map}\n${remove('a')}\n`));
    expect(log).toMatchObject({ header: 'ok', invalidLines: 0, tornTail: false, missingNewline: false });
    expect(log.records.map((r) => r.t)).toEqual(['map', 'remove']);
  });

  it('tolerates a torn last line, counts damage elsewhere', () => {
    const torn = parseOutboxLog(Buffer.from(`${headerLine()}\n${map}\n{"t":"remove","i`));
    expect(torn).toMatchObject({ invalidLines: 0, tornTail: true, missingNewline: true });
    expect(torn.records).toHaveLength(1);
    const complete = parseOutboxLog(Buffer.from(`${headerLine()}\n${map}`));
    expect(complete).toMatchObject({ tornTail: false, missingNewline: true });
    expect(complete.records).toHaveLength(1);
    const damaged = parseOutboxLog(Buffer.from(`${headerLine()}\nnot json\n{"t":"nope"}\n${map}\n\xff\xfe\n`, 'latin1'));
    expect(damaged.invalidLines).toBe(3);
    expect(damaged.records).toHaveLength(1);
  });

  it('knows a missing and a newer header', () => {
    expect(parseOutboxLog(Buffer.from(`${map}\n`)).header).toBe('missing');
    expect(parseOutboxLog(Buffer.from('{"format":"statusdesk.outbox","version":99}\n')).header).toBe('newer');
  });
});
