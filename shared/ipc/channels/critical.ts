import { z } from 'zod';
import { event, invoke } from '../define';
import { criticalAlertSchema, criticalPrefsSchema } from '../../critical/critical-alert';

export const criticalChannels = {
  /** Major incidents on our own pages waiting for someone to acknowledge them. */
  'critical.alerts': invoke(z.undefined(), z.array(criticalAlertSchema)),
  'critical.acknowledge': invoke(z.object({ id: z.string().max(100) }), z.array(criticalAlertSchema)),
  'critical.prefs': invoke(z.undefined(), criticalPrefsSchema),
  'critical.setPrefs': invoke(criticalPrefsSchema.partial(), criticalPrefsSchema),
  'critical.onChange': event(z.array(criticalAlertSchema)),
} as const;
