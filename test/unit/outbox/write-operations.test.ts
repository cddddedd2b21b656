import { describe, expect, it } from 'vitest';
import { resourceKeyOf } from '../../../shared/outbox/resource-key';
import { isWriteOperation, WRITE_OPERATION_NAMES, WRITE_OPERATIONS, type WriteOperationName } from '../../../shared/outbox/write-operations';
import { statusPageOperationTable } from '../../../shared/statuspal/operations';

describe('write operations of the outbox', () => {
  it('describes exactly the write operations of STATUS_PAGE_OPERATIONS', () => {
    const writes = statusPageOperationTable()
      .filter((op) => op.kind === 'write')
      .map((op) => op.name as WriteOperationName);
    const methodOf = { create: 'POST', update: 'PUT', delete: 'DELETE' } as const;
    expect([...WRITE_OPERATION_NAMES].sort()).toEqual([...writes].sort());
    expect(writes).toHaveLength(34);
    for (const name of writes) {
      const method = statusPageOperationTable().find((op) => op.name === name)!.method;
      expect({ name, method }).toEqual({ name, method: methodOf[WRITE_OPERATIONS[name].action] });
      const info = WRITE_OPERATIONS[name];
      const params = statusPageOperationTable().find((op) => op.name === name)!.pathParams;
      if (info.idParam) expect(params).toContain(info.idParam);
      if (info.parent) expect(params).toContain(info.parent.idParam);
    }
    expect(isWriteOperation('getIncident')).toBe(false);
    expect(isWriteOperation('toString')).toBe(false);
    expect(isWriteOperation('deleteOrgMember')).toBe(true);
  });

  it('derives resource keys: one key per object, updates on their incident, temp ids for creates', () => {
    expect(resourceKeyOf('a1', 'createIncident', { subdomain: 'acme' }, 'tmp-x')).toBe('a1:acme:incident:tmp-x');
    expect(resourceKeyOf('a1', 'updateIncident', { subdomain: 'acme', incidentId: 42 })).toBe('a1:acme:incident:42');
    expect(resourceKeyOf('a1', 'addIncidentUpdate', { subdomain: 'acme', incidentId: 42 }, 'tmp-u')).toBe('a1:acme:incident:42');
    expect(resourceKeyOf('a1', 'deleteIncidentUpdate', { subdomain: 'acme', incidentId: 'tmp-x', updateId: 3 })).toBe('a1:acme:incident:tmp-x');
    expect(resourceKeyOf('a1', 'addInfoNoticeUpdate', { subdomain: 'acme', infoNoticeId: 5 }, 'tmp-n')).toBe('a1:acme:notice:5');
    expect(resourceKeyOf('a1', 'updateService', { subdomain: 'acme', serviceId: 7 })).toBe('a1:acme:service:7');
    expect(resourceKeyOf('a1', 'addMetricEntry', { subdomain: 'acme', metricId: 1 })).toBe('a1:acme:metric:1');
    expect(resourceKeyOf('a1', 'deleteOrgMember', { organizationId: '1', memberId: 9 })).toBe('a1:org:1:member:9');
    expect(resourceKeyOf('a1', 'updateStatusPage', { organizationId: '1', subdomain: 'acme' })).toBe('a1:org:1:status_page:acme');
    expect(() => resourceKeyOf('a1', 'updateIncident', { subdomain: 'acme' })).toThrow(/incidentId/);
    expect(() => resourceKeyOf('a1', 'createIncident', { subdomain: 'acme' })).toThrow(/tempId/);
  });
});
