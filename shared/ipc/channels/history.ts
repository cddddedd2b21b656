import { z } from 'zod';
import { pageHistorySchema, HISTORY_DAYS } from '../../history/page-history';
import { overlapResultSchema } from '../../history/overlap';
import { isoTimeSchema } from '../../monitor/iso-time';
import { invoke } from '../define';

export const historyChannels = {
  /** A watched page's observed history over the last `days` (at most 90); null when it was never observed. */
  'history.page': invoke(
    z.object({ pageId: z.string().min(1).max(100), days: z.number().int().min(1).max(HISTORY_DAYS).optional() }),
    pageHistorySchema.nullable(),
  ),
  /** What was degraded or down on the watched pages between two instants (at most 90 days back; 200 rows at most). */
  'history.overlap': invoke(z.object({ from: isoTimeSchema, to: isoTimeSchema.nullable() }), overlapResultSchema),
} as const;
