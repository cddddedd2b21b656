import type { RedactOptions } from '@core/security/redact';

/** The translation key travels in the query string as `api_key`: its value is a secret in any text that quotes a URL. */
export const TRANSLATION_REDACTION: RedactOptions = { queryParams: ['api_key'] };
