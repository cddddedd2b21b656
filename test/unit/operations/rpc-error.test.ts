import { describe, expect, it } from 'vitest';
import { parseRpcErrorBody, rpcErrorBody, RPC_STATUS_HTTP } from '../../../shared/operations/rpc-error';
import { forgetOperationsRequestSchema, forgetResultSchema } from '../../../shared/operations/forget-result';

describe('the standard error shape', () => {
  it('parses a full body', () => {
    const body = JSON.stringify({ error: { code: 501, message: 'Method not implemented.', status: 'UNIMPLEMENTED', details: [{ '@type': 'x' }] } });
    expect(parseRpcErrorBody(body)).toEqual({ code: 501, message: 'Method not implemented.', status: 'UNIMPLEMENTED', details: [{ '@type': 'x' }] });
  });

  it('tolerates a missing status or details, and refuses anything else', () => {
    expect(parseRpcErrorBody('{"error":{"code":404,"message":"gone"}}')).toEqual({ code: 404, message: 'gone' });
    expect(parseRpcErrorBody('')).toBeNull();
    expect(parseRpcErrorBody('<html>proxy</html>')).toBeNull();
    expect(parseRpcErrorBody('{"error":"x"}')).toBeNull();
    expect(parseRpcErrorBody('{}')).toBeNull();
  });

  it('builds bodies with the documented code mapping', () => {
    expect(rpcErrorBody('UNIMPLEMENTED', 'no')).toEqual({ error: { code: 501, message: 'no', status: 'UNIMPLEMENTED', details: [] } });
    expect(RPC_STATUS_HTTP).toMatchObject({
      UNIMPLEMENTED: 501,
      NOT_FOUND: 404,
      PERMISSION_DENIED: 403,
      UNAUTHENTICATED: 401,
      RESOURCE_EXHAUSTED: 429,
      UNAVAILABLE: 503,
      DEADLINE_EXCEEDED: 504,
      INVALID_ARGUMENT: 400,
    });
  });
});

describe('result and request schemas', () => {
  it('accepts the three outcomes and a failure code', () => {
    expect(forgetResultSchema.safeParse({ name: 'n', outcome: 'failed', code: 'unsupported', message: 'm' }).success).toBe(true);
    expect(forgetResultSchema.safeParse({ name: 'n', outcome: 'deleted', message: 'm' }).success).toBe(false);
    expect(forgetResultSchema.safeParse({ name: 'n', outcome: 'failed', code: 'nope', message: 'm' }).success).toBe(false);
  });

  it('bounds a batch without validating each name (a bad name is reported per name)', () => {
    expect(forgetOperationsRequestSchema.safeParse({ names: ['not a name'] }).success).toBe(true);
    expect(forgetOperationsRequestSchema.safeParse({ names: [] }).success).toBe(false);
  });
});
