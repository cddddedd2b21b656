import { AppError } from '@shared/errors';
import { WordType } from '@shared/translation/word-type';
import type { TranslationClient } from './client';
import { TranslationApiError } from './errors';

/** The word the check translates: one entry, the smallest request the service bills. */
const CHECK_WORD = 'OK';

/**
 * Asks the service whether it takes a key before the key is stored. API 1.0 has no call that checks a key
 * without translating (its public endpoints ignore the key), so the check is the smallest billed request there
 * is: one word, English to French, kept out of the translation memory and the session totals.
 *
 * Resolves when the service knows the key (a plan without words left still means the key is right); throws
 * `unauthorized` when it refuses the key, and the client's own error (network, timeout, 5xx, …) when it could
 * not be asked, so the window can offer to keep the key unchecked.
 */
export async function checkTranslationKey(client: Pick<TranslationClient, 'translate'>, key: string, requestUrl: string): Promise<void> {
  try {
    await client.translate({ l_from: 'en', l_to: 'fr', words: [{ w: CHECK_WORD, t: WordType.TEXT }], request_url: requestUrl }, key);
  } catch (error) {
    if (!(error instanceof TranslationApiError)) throw error;
    if (error.reason === 'translations_unavailable') return;
    if (error.reason === 'invalid_key') {
      throw new AppError('unauthorized', 'The translation service refused this key, so it was not saved. Check the key and paste it again.', {
        ...(error.status === undefined ? {} : { status: error.status }),
      });
    }
    throw new AppError(error.code, `The key was not saved: the translation service could not check it. ${error.message}`, {
      ...(error.status === undefined ? {} : { status: error.status }),
    });
  }
}
