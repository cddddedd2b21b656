import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/src/api';
import { useHistoryList } from '../../../../renderer/src/stores/history-list';

const refused = (message: string) => Promise.reject(new ApiError({ code: 'storage', message }));

describe('useHistoryList', () => {
  it('shows what the main process keeps, and empties it on clear', async () => {
    let kept = ['b', 'a'];
    const list = useHistoryList({ read: async () => ({ entries: kept }), clear: async () => void (kept = []) });
    await list.loadHistory();
    expect(list.history.value).toEqual(['b', 'a']);
    await list.clearHistory();
    expect(list.history.value).toEqual([]);
    await list.loadHistory();
    expect(list.history.value).toEqual([]);
  });

  it('keeps the entries it has when a read or a clear fails, says why, and forgets the failure once one works', async () => {
    let fail = false;
    const list = useHistoryList({
      read: () => (fail ? refused('The history file is unreadable.') : Promise.resolve({ entries: [1] })),
      clear: () => refused('Could not clear.'),
    });
    await list.loadHistory();
    fail = true;
    await list.loadHistory();
    expect(list.history.value).toEqual([1]);
    expect(list.historyError.value).toBe('The history file is unreadable.');
    await list.clearHistory();
    expect(list.history.value).toEqual([1]);
    expect(list.historyError.value).toBe('Could not clear.');
    fail = false;
    await list.loadHistory();
    expect(list.historyError.value).toBeNull();
  });
});
