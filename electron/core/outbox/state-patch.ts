import type { OutboxEntry } from './entry';
import type { EditPatch, StateRecord } from './log-format';

/** A `state` record applied to its entry: the new state and what came with it (null clears a field). */
export function applyStatePatch(entry: OutboxEntry, record: StateRecord): void {
  entry.state = record.state;
  if (record.attempts !== undefined) entry.attempts = record.attempts;
  if (record.firstSentAt !== undefined) entry.firstSentAt = record.firstSentAt;
  if (record.serverOffsetMs !== undefined) entry.serverOffsetMs = record.serverOffsetMs;
  if (record.lastSentAt !== undefined) entry.lastSentAt = record.lastSentAt;
  if (record.timeOfWriting !== undefined) entry.timeOfWriting = record.timeOfWriting;
  if (record.lastError === null) delete entry.lastError;
  else if (record.lastError !== undefined) entry.lastError = record.lastError;
  if (record.result !== undefined) entry.result = record.result;
  if (record.conflict === null) delete entry.conflict;
  else if (record.conflict !== undefined) entry.conflict = record.conflict;
  if (record.lookup === null) delete entry.lookup;
  else if (record.lookup !== undefined) entry.lookup = record.lookup;
  if (record.notMine !== undefined) entry.notMine = record.notMine;
  if (record.reconcile !== undefined) {
    if (record.reconcile) entry.reconcile = true;
    else delete entry.reconcile;
  }
}

/** An `edit` record applied to its entry (its input as it is to be kept: temp ids the store knows already resolved). */
export function applyEditPatch(entry: OutboxEntry, record: EditPatch): void {
  if (record.input !== undefined) entry.input = record.input;
  if (record.resourceKey !== undefined) entry.resourceKey = record.resourceKey;
  if (record.baseUpdatedAt === null) delete entry.baseUpdatedAt;
  else if (record.baseUpdatedAt !== undefined) entry.baseUpdatedAt = record.baseUpdatedAt;
  if (record.dependsOn !== undefined) entry.dependsOn = record.dependsOn;
}
