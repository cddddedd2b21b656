import { AppError } from '@shared/errors';

/**
 * One write of a batch (enqueueMany) is not valid, so none of the batch is queued: which one (its index, 0-based,
 * and "write 3 of 1,000" in the message) and why, so the caller can point at the row it came from.
 */
export class BatchWriteError extends AppError {
  readonly index: number;

  constructor(index: number, size: number, reason: string) {
    super('invalid_input', `Write ${(index + 1).toLocaleString('en')} of ${size.toLocaleString('en')} is not valid, so none of them was queued: ${reason}`);
    this.name = 'BatchWriteError';
    this.index = index;
  }
}
