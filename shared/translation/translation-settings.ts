import { z } from 'zod';
import { httpUrlSchemaWith } from '../validation/http-url';
import { languageCodeSchema } from './language';
import { DEFAULT_TRANSLATION_REQUEST_URL, requestUrlSchema } from './request-url';

/** The public service; tests and self-hosted proxies point the base URL elsewhere. */
const DEFAULT_TRANSLATION_SERVICE_URL = 'https://api.weglot.com';

/**
 * An http(s) address without query or credentials: the client appends paths and puts the key in the query,
 * so anything already there would end up in every request.
 */
export const translationBaseUrlSchema = httpUrlSchemaWith('Enter a full http(s) address without a query, for example https://api.weglot.com.', {
  bare: true,
}).transform((value) => value.replace(/\/+$/, ''));

/** The `translation` section of the settings file. Every field has a default, so an older file still loads. */
export const translationSettingsSchema = z.object({
  baseUrl: translationBaseUrlSchema.default(DEFAULT_TRANSLATION_SERVICE_URL),
  /** The languages the panel opens with (the last pair that translated). */
  defaultFrom: languageCodeSchema.nullable().default('en'),
  defaultTo: languageCodeSchema.nullable().default(null),
  /** request_url sent when the text belongs to no watched page (see request-url.ts). */
  requestUrl: requestUrlSchema.default(DEFAULT_TRANSLATION_REQUEST_URL),
});

export type TranslationSettings = z.output<typeof translationSettingsSchema>;

/** A new service address: the key is sent there, so https (plain http on this computer only). */
const keyedTranslationBaseUrlSchema = httpUrlSchemaWith(
  'Enter a full https address without a query, for example https://api.weglot.com (plain http only on this computer).',
  { bare: true, receivesSecret: true },
).transform((value) => value.replace(/\/+$/, ''));

/** A change from the panel: only the fields given are replaced. */
export const translationSettingsChangeSchema = z.object({
  baseUrl: keyedTranslationBaseUrlSchema.optional(),
  defaultFrom: languageCodeSchema.nullable().optional(),
  defaultTo: languageCodeSchema.nullable().optional(),
  requestUrl: requestUrlSchema.optional(),
});

export type TranslationSettingsChange = z.input<typeof translationSettingsChangeSchema>;

/** What a saved change answers: the settings, and what the change did that the user should be told. */
export const translationSettingsSavedSchema = translationSettingsSchema.extend({ notice: z.string().optional() });
