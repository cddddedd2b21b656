import { z } from 'zod';
import { apiDateTimeToEpochMs } from '../statuspage/datetime';

/** ISO 8601 UTC text (`2025-10-17T11:44:56.000Z`): what crosses IPC and goes into `--json`, never a Date. */
export const isoTimeSchema = z.iso.datetime({ offset: true }).max(64);

export type IsoTime = string;

export function toIso(epochMs: number): IsoTime {
  return new Date(epochMs).toISOString();
}

/** An API datetime (naive UTC) as ISO text, or null when absent or not a datetime. */
export function apiTimeToIso(value: unknown): IsoTime | null {
  if (typeof value !== 'string') return null;
  const epoch = apiDateTimeToEpochMs(value);
  return epoch === null ? null : new Date(epoch).toISOString();
}
