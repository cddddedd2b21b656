import { z } from 'zod';
import { alertDeliveryStateSchema } from '@shared/alerts/alert-delivery';
import { alertDestinationKindSchema } from '@shared/alerts/alert-destination';
import { alertMessageSchema } from '@shared/alerts/alert-message';
import type { DeliveryPatch, DeliveryRecord } from './delivery-record';
import { endsWithoutNewline, HeaderLine, jsonLines } from '@core/storage/json-lines';

/*
 * The alert queue file (`<dataDir>/alert-queue.jsonl`): JSON lines, appended and fsynced, later lines win.
 *   line 1   {"format":"statusdesk.alert-queue","version":1}
 *   add      {"t":"add","d":{id, seq, destinationId, destinationName, kind, message, queuedAt}}
 *   state    {"t":"state","id":..,"state":..,"attempts":..,"problem":..,"firstAttemptAt":..,"nextAttemptAt":..,"deliveredAt":..}
 *   remove   {"t":"remove","id":..}                    dismissed, dropped with its destination, or compacted away
 * No line holds a secret: a destination is named by its id, its address and key stay in the keychain.
 * A crash can only tear the last line (one write per batch, fsync before anyone is told): it is dropped. Any
 * other line that cannot be read is damage, counted, and the file is moved aside (queue-store.ts).
 */

const ALERT_QUEUE_FORMAT = 'statusdesk.alert-queue';
const ALERT_QUEUE_VERSION = 1;

const headerSchema = z.object({ format: z.literal(ALERT_QUEUE_FORMAT), version: z.number().int() });

const addSchema = z.object({
  t: z.literal('add'),
  d: z.object({
    id: z.string().min(1),
    seq: z.number().int().nonnegative(),
    destinationId: z.string().min(1),
    destinationName: z.string(),
    kind: alertDestinationKindSchema,
    message: alertMessageSchema,
    queuedAt: z.string(),
  }),
});
const stateSchema = z.object({
  t: z.literal('state'),
  id: z.string().min(1),
  state: alertDeliveryStateSchema,
  attempts: z.number().int().nonnegative(),
  problem: z.string().nullable(),
  firstAttemptAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  deliveredAt: z.string().nullable(),
});
const removeSchema = z.object({ t: z.literal('remove'), id: z.string().min(1) });

const recordSchema = z.discriminatedUnion('t', [addSchema, stateSchema, removeSchema]);
type QueueLine = z.infer<typeof recordSchema>;

export function headerLine(): string {
  return JSON.stringify({ format: ALERT_QUEUE_FORMAT, version: ALERT_QUEUE_VERSION });
}

export function addLine(record: DeliveryRecord): string {
  const { id, seq, destinationId, destinationName, kind, message, queuedAt } = record;
  return JSON.stringify({ t: 'add', d: { id, seq, destinationId, destinationName, kind, message, queuedAt } });
}

export function stateLine(id: string, patch: DeliveryPatch): string {
  return JSON.stringify({ t: 'state', id, ...patch });
}

export function removeLine(id: string): string {
  return JSON.stringify({ t: 'remove', id });
}

export interface ParsedQueue {
  header: 'ok' | 'missing' | 'newer';
  /** Live records, in queue order. */
  records: DeliveryRecord[];
  /** Lines that could not be read, other than a torn last line. */
  damagedLines: number;
  /** The last line was cut by a crash mid-write: dropped. */
  tornTail: boolean;
  /** The file does not end with a newline: it is written again before anything is appended. */
  missingNewline: boolean;
  /** Lines in the file (records and header), for compaction. */
  lines: number;
}

/** Every record that can be read; never throws on content. */
export function parseQueue(bytes: Buffer): ParsedQueue {
  const missingNewline = endsWithoutNewline(bytes);
  const parsed: ParsedQueue = { header: 'missing', records: [], damagedLines: 0, tornTail: false, missingNewline, lines: 0 };
  const byId = new Map<string, DeliveryRecord>();
  const head = new HeaderLine((json) => headerSchema.safeParse(json).data ?? null);
  for (const { json, last } of jsonLines(bytes)) {
    parsed.lines++;
    if (head.take(json)) continue;
    const damaged = () => (last && missingNewline ? (parsed.tornTail = true) : parsed.damagedLines++);
    if (json === undefined) {
      damaged();
      continue;
    }
    const line = recordSchema.safeParse(json);
    if (!line.success) damaged();
    else apply(byId, line.data);
  }
  if (head.header) parsed.header = head.header.version > ALERT_QUEUE_VERSION ? 'newer' : 'ok';
  parsed.records = [...byId.values()].sort((a, b) => a.seq - b.seq);
  return parsed;
}

function apply(byId: Map<string, DeliveryRecord>, line: QueueLine): void {
  if (line.t === 'add') {
    byId.set(line.d.id, { ...line.d, state: 'queued', attempts: 0, problem: null, firstAttemptAt: null, nextAttemptAt: null, deliveredAt: null });
    return;
  }
  if (line.t === 'remove') {
    byId.delete(line.id);
    return;
  }
  const record = byId.get(line.id);
  if (!record) return; // its add was compacted away or damaged: nothing to change
  const { t: _t, id: _id, ...patch } = line;
  Object.assign(record, patch);
}
