import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { OutboxOwnerRole } from '@core/outbox/outbox-lock';

/** What became of one write the command line queued: what every write command reports. */
export type WriteOutcome =
  | { state: 'sent'; entry: OutboxEntryView; object: unknown }
  | { state: 'queued'; entry: OutboxEntryView }
  /** The same write was queued or sent by an earlier run of the command (same-write.ts): not queued again. */
  | { state: 'already'; entry: OutboxEntryView }
  | { state: 'handed_off'; id: string; ownerPid: number; ownerRole: OutboxOwnerRole; keyFromEnv: boolean };
