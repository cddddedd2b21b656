import { describe, expect, it } from 'vitest';
import { OUTBOX_WAIT_REASONS } from '../../../shared/outbox/entry-view';
import { waitWords } from '../../../shared/people-words/wait-words';

describe('why a write waits, in words', () => {
  it('reads after "waiting" for every reason, and never names the plan’s own word for it', () => {
    for (const reason of OUTBOX_WAIT_REASONS) {
      const words = waitWords(reason);
      expect(words, reason).toMatch(/^(for|to|because) /);
      expect(words, reason).not.toContain(reason.replace('_', ' '));
    }
  });
});
