import { z } from 'zod';
import { invoke } from '../define';
import { MAX_REMEMBERED_LANGUAGES, pagePrefsSchema, pageRefSchema, templateContentSchema, templateNameSchema } from '../../incidents/page-prefs';
import { languageCodeSchema } from '../../translation/language';

/** Per-page helpers of the incident editor: templates and the languages last translated into. */
export const incidentsChannels = {
  'incidents.pagePrefs': invoke(pageRefSchema, pagePrefsSchema),
  /** Saves under a name; a template of the same name (any case) is replaced. */
  'incidents.saveTemplate': invoke(pageRefSchema.extend({ name: templateNameSchema, content: templateContentSchema }), pagePrefsSchema),
  'incidents.renameTemplate': invoke(pageRefSchema.extend({ id: z.string().min(1).max(100), name: templateNameSchema }), pagePrefsSchema),
  'incidents.deleteTemplate': invoke(pageRefSchema.extend({ id: z.string().min(1).max(100) }), pagePrefsSchema),
  'incidents.rememberLanguages': invoke(pageRefSchema.extend({ languages: z.array(languageCodeSchema).max(MAX_REMEMBERED_LANGUAGES) }), pagePrefsSchema),
} as const;
