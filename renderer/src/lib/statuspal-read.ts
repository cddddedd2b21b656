import {
  checkListReadResult,
  checkReadResult,
  type ListReadOperationName,
  type ReadListResult,
  type ReadOperationName,
  type ReadResult,
} from '@shared/statuspal/read-operations';
import type { OperationInput } from '@shared/statuspal/operations';
import { api, call } from '@/api';

/** One read of the status page API for an account, typed by the operation and checked against its schema. */
export async function readStatusPage<N extends ReadOperationName>(accountId: string, operation: N, input: OperationInput<N>): Promise<ReadResult<N>> {
  const result = await call(api().statuspal.read({ accountId, operation, input }));
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
  const result = await call(api().statuspal.read({ accountId, operation, input }));
  return checkListReadResult(operation, result);
}

/** Every item of a list, page after page (a check against everything the server has, not what is shown). */
export async function readWholeList(
  accountId: string,
  operation: ListReadOperationName,
  input: Record<string, unknown>,
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let after: string | null = null;
  do {
    const page: ReadListResult<Record<string, unknown>> = await readStatusPageList(accountId, operation, { ...input, limit: 100, ...(after ? { after } : {}) });
    items.push(...page.items);
    after = page.nextCursor;
  } while (after);
  return items;
}
