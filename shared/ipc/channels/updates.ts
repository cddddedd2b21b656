import { z } from 'zod';
import { event, invoke } from '../define';
import { updatePrefsSchema, updateStatusSchema } from '../../updates/update-state';

export const updatesChannels = {
  'updates.status': invoke(z.undefined(), updateStatusSchema),
  /** Looks for a new version now (downloaded in the background when there is one). */
  'updates.check': invoke(z.undefined(), updateStatusSchema),
  'updates.setPrefs': invoke(updatePrefsSchema.partial(), updateStatusSchema),
  'updates.onStatus': event(updateStatusSchema),
} as const;
