import { z } from 'zod';
import { translationLanguagesSchema } from '../../translation/language-list';
import { translationTotalsSchema } from '../../translation/counters';
import { translationServiceHealthSchema } from '../../translation/health';
import { translationHistoryEntrySchema } from '../../translation/history-entry';
import { translationKeyInputSchema, translationKeyStatusSchema } from '../../translation/key-status';
import { languageCodeSchema } from '../../translation/language';
import { requestUrlSchema } from '../../translation/request-url';
import { translateTextsResultSchema } from '../../translation/translate-texts';
import { translationSettingsChangeSchema, translationSettingsSavedSchema, translationSettingsSchema } from '../../translation/translation-settings';
import { wordTypeSchema } from '../../translation/word-type';
import { invoke } from '../define';

/** Bounds that keep one IPC message reasonable; a whole incident update is far below them. */
const TRANSLATE_MAX_TEXTS = 2_000;
const TRANSLATE_MAX_TEXT_LENGTH = 20_000;

const pairSchema = z.object({ from: languageCodeSchema, to: languageCodeSchema });

/**
 * One translation: the texts in order (blank ones come back as they are), WordType TEXT unless given.
 * `history: false` keeps it out of the panel's recent list (the incident editors translate often).
 */
export const translateChannelRequestSchema = pairSchema.extend({
  type: wordTypeSchema.optional(),
  texts: z.array(z.string().max(TRANSLATE_MAX_TEXT_LENGTH)).max(TRANSLATE_MAX_TEXTS),
  /** The status page's public URL the texts belong to; the service files translations under it. */
  requestUrl: requestUrlSchema.optional(),
  title: z.string().max(500).optional(),
  history: z.boolean().optional(),
});

export const translationChannels = {
  /** The languages list, cached for a day; `refresh` asks the service again. */
  'translation.languages': invoke(z.object({ refresh: z.boolean().optional() }).optional(), translationLanguagesSchema),
  /** Whether the service translates this pair (asked once per pair per session). */
  'translation.isSupported': invoke(pairSchema, z.object({ supported: z.boolean() })),
  'translation.translate': invoke(translateChannelRequestSchema, translateTextsResultSchema),
  'translation.totals': invoke(z.undefined(), translationTotalsSchema),
  /** One GET /public/status, only when the user asks: never polled. */
  'translation.health': invoke(z.undefined(), translationServiceHealthSchema),
  /** Recent translations, newest first. */
  'translation.history': invoke(z.undefined(), z.object({ entries: z.array(translationHistoryEntrySchema) })),
  'translation.clearHistory': invoke(z.undefined(), z.object({ cleared: z.number().int().nonnegative() })),
  'translation.getSettings': invoke(z.undefined(), translationSettingsSchema),
  'translation.setSettings': invoke(translationSettingsChangeSchema, translationSettingsSavedSchema),
  /** Whether a key is stored: never the key. */
  'translation.keyStatus': invoke(z.undefined(), translationKeyStatusSchema),
  /**
   * Stores the key in the OS keychain (or for this session only, when asked and there is no keychain); with
   * `check`, only after the service has taken it in a one-word translation (refused: `unauthorized`).
   */
  'translation.setKey': invoke(
    z.object({ key: translationKeyInputSchema, sessionOnly: z.boolean().optional(), check: z.boolean().optional() }),
    translationKeyStatusSchema,
  ),
  'translation.removeKey': invoke(z.undefined(), translationKeyStatusSchema.extend({ removed: z.boolean() })),
} as const;
