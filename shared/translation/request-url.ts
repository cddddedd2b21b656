import { httpUrlSchemaWith } from '../validation/http-url';

/**
 * `request_url` is "the URL the request comes from" (translation-api-v1.md); the service files translations
 * under it and real clients always send the http(s) address of a page. When no watched page gives one, this
 * documented address is sent until the user sets their own (Settings → Translation, or --request-url).
 */
export const DEFAULT_TRANSLATION_REQUEST_URL = 'https://statusdesk.app/translation-panel';

/** An absolute http(s) address without credentials, as a page URL is. */
export const requestUrlSchema = httpUrlSchemaWith('The request URL must be the http(s) address of a page, for example https://status.example.com.');
