import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { checkListReadResult, checkReadResult, isReadOperation } from '../../../shared/statuspal/read-operations';

const list = (items: unknown[]) => ({ kind: 'list' as const, items, total: items.length, nextCursor: null });

describe('reads typed per operation', () => {
  it('knows reads from writes by the operation table', () => {
    expect(isReadOperation('listIncidents')).toBe(true);
    expect(isReadOperation('getPageSummary')).toBe(true);
    expect(isReadOperation('createIncident')).toBe(false);
    expect(isReadOperation('deleteService')).toBe(false);
    expect(isReadOperation('__proto__')).toBe(false);
  });

  it("passes an answer of the operation's own shape", () => {
    const services = checkReadResult('listServices', list([{ id: 1, name: 'API', current_incident_type: null }]));
    expect(services.items[0]!.name).toBe('API');
    const pages = checkListReadResult('listStatusPages', list([{ subdomain: 'acme', name: 'Acme' }]));
    expect(pages.items[0]!.subdomain).toBe('acme');
  });

  it('refuses an answer of another shape with a typed error, never passes it on', () => {
    expect(() => checkReadResult('listServices', list([{ id: 'x', name: 42 }]))).toThrow(AppError);
    expect(() => checkReadResult('listServices', { kind: 'item', item: {} })).toThrow(/not a list/);
    expect(() => checkReadResult('getPageSummary', list([]))).toThrow(/not one item/);
    expect(() => checkReadResult('getPageSummary', { kind: 'item', item: { nothing: true } })).toThrow(/unexpected shape/);
  });
});
