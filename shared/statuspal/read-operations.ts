import { z } from 'zod';
import { AppError } from '../errors';
import { OPERATION_NAMES, STATUS_PAGE_OPERATIONS, type ListPage, type OperationName, type OperationOutput, type StatusPageOperations } from './operations';
import type { StatusPageReadResult } from './read-request';

/*
 * The reads the window may ask of an account through `statuspal.read`, typed per operation from the operation
 * table: the answer crosses IPC as JSON and is checked again here against the operation's own response schema,
 * so the window works with typed values and no casts.
 */

export type ReadOperationName = { [N in OperationName]: StatusPageOperations[N]['kind'] extends 'read' ? N : never }[OperationName];
export type ListReadOperationName = { [N in ReadOperationName]: StatusPageOperations[N]['response'] extends { kind: 'list' } ? N : never }[ReadOperationName];

const READ_OPERATION_NAMES: ReadonlySet<string> = new Set(OPERATION_NAMES.filter((name) => STATUS_PAGE_OPERATIONS[name].kind === 'read'));

export function isReadOperation(name: string): name is ReadOperationName {
  return READ_OPERATION_NAMES.has(name);
}

export interface ReadListResult<T> {
  kind: 'list';
  items: T[];
  total: number | null;
  /** Pass as `after` to read the next page; null on the last page. */
  nextCursor: string | null;
}

export type ReadResult<N extends ReadOperationName> =
  OperationOutput<N> extends ListPage<infer T> ? ReadListResult<T> : { kind: 'item'; item: OperationOutput<N> };

/** The channel's answer for `operation`, checked against the operation's response schema. */
export function checkReadResult<N extends ReadOperationName>(operation: N, result: StatusPageReadResult): ReadResult<N> {
  const response = STATUS_PAGE_OPERATIONS[operation].response;
  const expected = response.kind === 'list' ? 'list' : 'item';
  if (result.kind !== expected)
    throw new AppError(
      'invalid_response',
      `${operation} answered ${result.kind === 'list' ? 'a list' : 'one item'}, not ${expected === 'list' ? 'a list' : 'one item'}.`,
    );
  if (result.kind === 'list' && response.kind === 'list') {
    const items = z.array(response.schema).safeParse(result.items);
    if (!items.success) throw new AppError('invalid_response', `${operation} answered items of an unexpected shape.`);
    // The schema just checked is the one OperationOutput<N> is derived from.
    return { ...result, items: items.data } as ReadResult<N>;
  }
  if (result.kind === 'item' && (response.kind === 'object' || response.kind === 'single')) {
    const item = response.schema.safeParse(result.item);
    if (!item.success) throw new AppError('invalid_response', `${operation} answered an item of an unexpected shape.`);
    return { kind: 'item', item: item.data } as ReadResult<N>;
  }
  return { kind: 'item', item: undefined } as ReadResult<N>;
}

/** A list chosen at run time (the admin screens pick the resource): its items are objects of that list's schema. */
export function checkListReadResult(operation: ListReadOperationName, result: StatusPageReadResult): ReadListResult<Record<string, unknown>> {
  // Every list item schema of the table is an object schema.
  return checkReadResult(operation, result) as ReadListResult<Record<string, unknown>>;
}
