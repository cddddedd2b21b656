import { isWriteOperation, WRITE_OPERATIONS, type WriteResource } from './write-operations';

/**
 * What the outbox can promise for a write whose answer was lost: exactly once in effect where it can look on the
 * server before sending again (a create found by its content, an edit by the current copy, a delete by its
 * absence), at least once where it cannot. The one home of that list: the look-up, the README, the window and
 * `statusdesk outbox list` follow it.
 */
type DeliveryPromise = 'exactly_once' | 'at_least_once';

/** The API has no way to list a metric's data points: a point whose answer was lost is sent again. */
const NOT_LOOKED_UP = new Set<WriteResource>(['metric_entry']);

/** Whether a write of unknown outcome can be looked up on the server (other kinds' writes are idempotent deletes). */
export function canBeLookedUp(operation: string): boolean {
  return !isWriteOperation(operation) || !NOT_LOOKED_UP.has(WRITE_OPERATIONS[operation].resource);
}

export function deliveryPromiseOf(operation: string): DeliveryPromise {
  return canBeLookedUp(operation) ? 'exactly_once' : 'at_least_once';
}

/** The short mark beside such a write. */
export const AT_LEAST_ONCE_MARK = 'at least once';

/** Which writes those are, in the user's words (beside a promise of "once"). */
export const AT_LEAST_ONCE_WRITES = 'metric data points';

/** Why, in the user's words. */
export const AT_LEAST_ONCE_WHY =
  'a metric data point cannot be looked up on the server (the API lists no points), so after a lost answer it is sent again and may be stored twice';
