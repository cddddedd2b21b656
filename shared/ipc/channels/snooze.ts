import { z } from 'zod';
import { event, invoke } from '../define';
import { snoozeRequestSchema, snoozeSchema } from '../../snooze/snooze';

export const snoozeChannels = {
  /** The snoozes in force now. */
  'snooze.list': invoke(z.undefined(), z.array(snoozeSchema)),
  /** Snoozes a page, a service or an incident for some minutes; answers the snoozes in force. */
  'snooze.add': invoke(snoozeRequestSchema, z.array(snoozeSchema)),
  'snooze.remove': invoke(z.object({ id: z.string().max(100) }), z.array(snoozeSchema)),
  'snooze.onChange': event(z.array(snoozeSchema)),
} as const;
