import { describe, expect, it } from 'vitest';
import { InFlightLedger } from '../../../electron/core/outbox/in-flight-ledger';

describe('the ledger of writes in flight', () => {
  it('counts per account and per exclusivity key, and a release counts once however often it is called', () => {
    const ledger = new InFlightLedger();
    const a = ledger.begin({ id: 'a', accountId: 'acct' }, 'acct:createIncident', true);
    const b = ledger.begin({ id: 'b', accountId: 'acct' }, 'acct:createIncident', false);
    ledger.begin({ id: 'c', accountId: 'other' }, null, false);
    expect(ledger.size).toBe(3);
    expect(ledger.perAccount.get('acct')).toBe(2);
    expect(ledger.byExclusivity.get('acct:createIncident')).toEqual({ exclusive: 1, shared: 1 });
    a.release();
    a.release();
    expect(ledger.has('a')).toBe(false);
    expect(ledger.perAccount.get('acct')).toBe(1);
    expect(ledger.byExclusivity.get('acct:createIncident')).toEqual({ exclusive: 0, shared: 1 });
    b.release();
    expect(ledger.perAccount.has('acct')).toBe(false);
    expect(ledger.byExclusivity.has('acct:createIncident')).toBe(false);
  });

  it('aborts every send in flight (a stop that cannot wait any longer)', () => {
    const ledger = new InFlightLedger();
    const signals = ['x', 'y'].map((id) => ledger.begin({ id, accountId: 'acct' }, null, false).signal);
    ledger.abortAll();
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  });
});
