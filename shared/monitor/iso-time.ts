import { z } from 'zod';

/** ISO 8601 UTC text (`2025-10-17T11:44:56.000Z`): what crosses IPC and goes into `--json`, never a Date. */
export const isoTimeSchema = z.iso.datetime({ offset: true }).max(64);

type IsoTime = string;

export function toIso(epochMs: number): IsoTime {
  return new Date(epochMs).toISOString();
}
