import { describe, expect, it } from 'vitest';
import { OUTBOX_STATES } from '../../../shared/outbox/entry-view';
import { writeStateLabel, writeStateWords } from '../../../shared/people-words/write-state-words';

describe('a queued write’s state in words', () => {
  it('never shows the file’s names, in a sentence or as a label', () => {
    for (const state of [...OUTBOX_STATES, 'dropped', 'deleted'] as const) {
      expect(writeStateWords(state), state).toMatch(/^[a-z][a-z ]+$/);
      expect(writeStateLabel(state), state).toMatch(/^[A-Z][a-z ]+$/);
    }
    expect(writeStateWords('needs_look')).toBe('needs a look');
    expect(writeStateLabel('pending')).toBe('Waiting');
  });
});
