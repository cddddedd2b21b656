import type { WriteOperationName } from '@shared/outbox/write-operations';
import { formatApiDateTime } from '@shared/statuspal/datetime';
import type { ServerClock } from '@core/statuspal-client/server-clock';
import type { BootClockReading } from '@core/timing/boot-clock';
import type { OutboxEntry } from '../entry';

type Json = Record<string, unknown>;

/**
 * A write that waited in the outbox (offline, on a train) is sent minutes or hours after the user wrote it.
 * Sent as is, the server would stamp it with the moment it arrives: an incident would start when the network
 * came back, and every update queued meanwhile would show the same second. The API takes `starts_at` and
 * `posted_at`, so such a write carries the moment it was written (on the server's clock), unless the user
 * set one. A write sent within this long after it was written goes as it is: the server's moment is the same.
 */
export const QUEUED_AFTER_MS = 30_000;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function withPostedAt(update: unknown, at: string): unknown {
  return isRecord(update) && update.posted_at === undefined ? { ...update, posted_at: at } : update;
}

/** The input with the moment it was written filled in where the user left the time to the server. */
export function withUserTimes(operation: WriteOperationName, input: Json, writtenAtServerMs: number): Json {
  const at = formatApiDateTime(Math.floor(writtenAtServerMs / 1000) * 1000);
  switch (operation) {
    case 'createIncident': {
      const incident = input.incident;
      if (!isRecord(incident)) return input;
      const updates = Array.isArray(incident.updates) ? incident.updates.map((u) => withPostedAt(u, at)) : incident.updates;
      return {
        ...input,
        incident: { ...incident, ...(incident.starts_at === undefined ? { starts_at: at } : {}), ...(updates === undefined ? {} : { updates }) },
      };
    }
    case 'createInfoNotice': {
      const notice = input.info_notice;
      if (!isRecord(notice) || !Array.isArray(notice.updates)) return input;
      return { ...input, info_notice: { ...notice, updates: notice.updates.map((u) => withPostedAt(u, at)) } };
    }
    case 'addIncidentUpdate':
    case 'addInfoNoticeUpdate':
      return isRecord(input.update) ? { ...input, update: withPostedAt(input.update, at) } : input;
    default:
      return input;
  }
}

/**
 * When the entry was written, on the server's clock (an offline create written with the
 * computer's clock two hours behind went out with starts_at two hours early). In order of trust:
 * - the same boot as its writing, and the server's clock known now (the Date header of any answer, the `hello` a
 *   queued write is sent after): now on the server's clock, less the time since boot that passed since. Neither
 *   a wrong clock then nor a corrected one now moves that;
 * - the server's clock offset known when it was written (an answer before it, in the process that wrote it);
 * - else it cannot be known: the computer's clock of then, on the server's clock as it is known now. Said so
 *   (`checked: false`), on the entry's result and to the user.
 * Never after the server's now.
 */
export function timeOfWriting(
  entry: Pick<OutboxEntry, 'createdAt' | 'clockAtWrite'>,
  clock: ServerClock,
  nowLocal: number,
  boot: BootClockReading,
): { at: number; checked: boolean } {
  const writtenLocal = Date.parse(entry.createdAt);
  const serverNow = clock.toServerTime(nowLocal);
  const stamp = entry.clockAtWrite;
  let at: number;
  let checked = true;
  if (stamp && clock.offsetMs !== null && stamp.boot === boot.boot && boot.uptimeMs >= stamp.uptimeMs) at = serverNow - (boot.uptimeMs - stamp.uptimeMs);
  else if (stamp?.serverOffsetMs !== undefined) at = writtenLocal + stamp.serverOffsetMs;
  else {
    at = clock.toServerTime(writtenLocal);
    checked = false;
  }
  return { at: Math.min(at, serverNow), checked };
}
