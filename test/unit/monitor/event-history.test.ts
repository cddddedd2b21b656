import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventHistory, historyFilePath } from '../../../electron/core/monitor/event-history';
import type { MonitorEvent } from '../../../shared/monitor/events';
import { makeTempDir } from '../../support/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let file: string;

beforeEach(() => {
  temp = makeTempDir('statusdesk-history-');
  file = historyFilePath(temp.dir);
});
afterEach(() => temp.remove());

function event(n: number, pageId = 'p1'): MonitorEvent {
  return {
    type: 'page.level_changed',
    id: `e${n}`,
    at: new Date(Date.UTC(2025, 5, 1) + n * 1000).toISOString(),
    page: { id: pageId, name: 'Acme', subdomain: 'acme' },
    from: 'operational',
    to: n % 2 ? 'major' : 'operational',
    fromType: null,
    toType: n % 2 ? 'major' : null,
  };
}

const lines = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('EventHistory', () => {
  it('starts empty without a file, appends JSON lines, lists newest first, survives a restart', async () => {
    const history = await EventHistory.open({ filePath: file });
    expect(history.size).toBe(0);
    await history.append([event(1), event(2)]);
    await history.append([event(3, 'p2')]);
    expect(lines()).toHaveLength(3);
    expect(JSON.parse(lines()[0]!)).toEqual(event(1));
    expect(history.list().map((e) => e.id)).toEqual(['e3', 'e2', 'e1']);
    expect(history.list({ pageId: 'p1', limit: 1 }).map((e) => e.id)).toEqual(['e2']);
    const reopened = await EventHistory.open({ filePath: file });
    expect(reopened.list().map((e) => e.id)).toEqual(['e3', 'e2', 'e1']);
    expect(reopened.loadReport).toEqual({ valid: 3, invalid: 0, tornTail: false, quarantinedTo: null });
  });

  it('ignores an event it already has (same stable id)', async () => {
    const history = await EventHistory.open({ filePath: file });
    await history.append([event(1)]);
    await history.append([event(1), event(2)]);
    expect(lines()).toHaveLength(2);
  });

  it('is bounded: keeps the last `limit` events and compacts the file at twice the limit', async () => {
    const history = await EventHistory.open({ filePath: file, limit: 10 });
    for (let i = 1; i <= 20; i++) await history.append([event(i)]);
    expect(history.size).toBe(10);
    expect(lines()).toHaveLength(20);
    await history.append([event(21)]);
    expect(lines()).toHaveLength(10);
    expect(JSON.parse(lines()[0]!).id).toBe('e12');
    expect(history.list()[0]!.id).toBe('e21');
    const reopened = await EventHistory.open({ filePath: file, limit: 10 });
    expect(reopened.list().map((e) => e.id)).toEqual(history.list().map((e) => e.id));
  });

  it('moves a corrupt file aside, keeps the valid lines and reports it', async () => {
    fs.writeFileSync(
      file,
      [JSON.stringify(event(1)), 'garbage {', JSON.stringify({ type: 'page.level_changed', id: 'x' }), JSON.stringify(event(2)), ''].join('\n'),
    );
    const reports: unknown[] = [];
    const history = await EventHistory.open({ filePath: file, onCorrupt: (r) => reports.push(r), now: () => new Date('2025-06-01T12:00:00Z') });
    expect(history.list().map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(history.loadReport.invalid).toBe(2);
    expect(history.loadReport.quarantinedTo).toBe(path.join(temp.dir, 'monitor-events.corrupt-2025-06-01T12-00-00-000Z.jsonl'));
    expect(fs.readFileSync(history.loadReport.quarantinedTo!, 'utf8')).toContain('garbage {');
    expect(reports).toEqual([history.loadReport]);
    expect(lines().map((l) => JSON.parse(l).id)).toEqual(['e1', 'e2']);
  });

  it('drops a torn last line (crash mid-append) without quarantine', async () => {
    fs.writeFileSync(file, `${JSON.stringify(event(1))}\n${JSON.stringify(event(2)).slice(0, 30)}`);
    const history = await EventHistory.open({ filePath: file });
    expect(history.loadReport).toEqual({ valid: 1, invalid: 0, tornTail: true, quarantinedTo: null });
    expect(lines()).toHaveLength(1);
    expect(fs.readdirSync(temp.dir)).toEqual(['monitor-events.jsonl']);
  });

  it('clear() empties memory and file; a write failure rejects but the next write works', async () => {
    const history = await EventHistory.open({ filePath: path.join(temp.dir, 'sub', 'h.jsonl') });
    await history.append([event(1)]);
    await history.clear();
    expect(history.size).toBe(0);
    expect(fs.readFileSync(path.join(temp.dir, 'sub', 'h.jsonl'), 'utf8')).toBe('');

    const blocked = await EventHistory.open({ filePath: path.join(temp.dir, 'blocker', 'h.jsonl') });
    fs.writeFileSync(path.join(temp.dir, 'blocker'), 'a file where the folder should be');
    await expect(blocked.append([event(2)])).rejects.toThrow();
    fs.rmSync(path.join(temp.dir, 'blocker'));
    await blocked.append([event(3)]);
    expect(fs.readFileSync(path.join(temp.dir, 'blocker', 'h.jsonl'), 'utf8')).toContain('"e3"');
  });
});
