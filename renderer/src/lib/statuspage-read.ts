import {
  checkListReadResult,
  checkReadResult,
  type ListReadOperationName,
  type ReadListResult,
  type ReadOperationName,
  type ReadResult,
} from '@shared/statuspage/read-operations';
import type { OperationInput } from '@shared/statuspage/operations';
import { api, call } from '@/api';

/** One read of the status page API for an account, typed by the operation and checked against its schema. */
export async function readStatusPage<N extends ReadOperationName>(accountId: string, operation: N, input: OperationInput<N>): Promise<ReadResult<N>> {
  const result = await call(api().statuspage.read({ accountId, operation, input }));
  return checkReadResult(operation, result);
}

/**
 * A list chosen at run time (the admin screens pick the resource): checked like any read, its items are
 * objects of that resource's schema, seen as records.
 */
export async function readStatusPageList(
  accountId: string,
  operation: ListReadOperationName,
  input: Record<string, unknown>,
): Promise<ReadListResult<Record<string, unknown>>> {
  const result = await call(api().statuspage.read({ accountId, operation, input }));
  return checkListReadResult(operation, result);
}
