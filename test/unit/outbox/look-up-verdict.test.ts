import { describe, expect, it } from 'vitest';
import { candidateOf, judgeMatches, type LookupWindow } from '../../../electron/core/outbox/statuspal/look-up-verdict';

const SENT = Date.UTC(2026, 0, 1, 12, 0, 0);
const at = (offsetSeconds: number) => new Date(SENT + offsetSeconds * 1000).toISOString().slice(0, 19);
const item = (id: number, offsetSeconds: number | null) => ({
  id,
  title: 'Checkout down',
  ...(offsetSeconds === null ? {} : { inserted_at: at(offsetSeconds) }),
});
const measured: LookupWindow = { sentAt: SENT, measured: true, skewMs: 5_000, nearMissMs: 5 * 60_000 };

describe('which look-alike is ours, by when the server stored it', () => {
  it('one stored after our send (within the skew margin) is ours', () => {
    expect(judgeMatches([item(1, 1)], measured)).toEqual({ type: 'applied', object: item(1, 1) });
    // The header's rounding and inserted_at's whole seconds: a few seconds "before" is still after.
    expect(judgeMatches([item(1, -3)], measured)).toMatchObject({ type: 'applied' });
  });

  it('several after our send: ask, all of them', () => {
    expect(judgeMatches([item(1, 2), item(2, 1)], measured)).toMatchObject({ type: 'ask', reason: 'several', candidates: [{ id: 1 }, { id: 2 }] });
  });

  it('only a look-alike shortly before our send: ask, nearest first, never adopt', () => {
    expect(judgeMatches([item(1, -200), item(2, -30)], measured)).toMatchObject({ type: 'ask', reason: 'before_send', candidates: [{ id: 2 }, { id: 1 }] });
  });

  it('one after and an older one: ours is the one after', () => {
    expect(judgeMatches([item(1, -30), item(2, 1)], measured)).toMatchObject({ type: 'applied', object: { id: 2 } });
  });

  it('look-alikes long before our send, or none: not applied', () => {
    expect(judgeMatches([item(1, -3600)], measured)).toEqual({ type: 'not_applied' });
    expect(judgeMatches([], measured)).toEqual({ type: 'not_applied' });
  });

  it('with the clock not measured around the send, any older look-alike is asked about, never ignored', () => {
    expect(judgeMatches([item(1, -3600)], { ...measured, measured: false })).toMatchObject({ type: 'ask', reason: 'before_send' });
  });

  it('objects without times (services on the real API): one is ours, two are asked about', () => {
    expect(judgeMatches([item(1, null)], measured)).toMatchObject({ type: 'applied' });
    expect(judgeMatches([item(1, null), item(2, null)], measured)).toMatchObject({ type: 'ask', reason: 'several' });
  });

  it('keeps a small summary of a candidate: title, type, services, when, and its first words', () => {
    const incident = {
      id: 5,
      type: 'minor',
      title: 'Checkout down',
      service_ids: [1],
      inserted_at: at(0),
      url: 'https://x/5',
      updates: [
        { id: 2, description: 'Fixed' },
        { id: 1, description: 'Investigating' },
      ],
    };
    expect(candidateOf('incident', incident)).toEqual({
      id: 5,
      summary: { id: 5, type: 'minor', title: 'Checkout down', url: 'https://x/5', service_ids: [1], inserted_at: at(0), description: 'Investigating' },
    });
    expect(candidateOf('incident', { title: 'no id' })).toBeNull();
  });
});
