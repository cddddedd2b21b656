import type { TranslationFailureKind } from '@shared/translation/failure';

/** Problems the panel finds itself, before asking the service. */
export type PanelCheck = 'no_language' | 'same_language' | 'empty';

export interface PanelFailure {
  kind: TranslationFailureKind | PanelCheck;
  title: string;
  detail: string;
}

const MEMORY_STILL_WORKS = 'Text already in the translation memory still translates.';

/** The words the panel shows for each kind of failure; `raw` is the main process's own sentence. */
export function describeFailure(
  kind: PanelFailure['kind'],
  raw: string,
  names: { from: string; to: string } = { from: 'this language', to: 'that one' },
): PanelFailure {
  switch (kind) {
    case 'no_language':
      return { kind, title: 'Choose the languages', detail: 'Pick the language of the text and the language to translate into.' };
    case 'same_language':
      return { kind, title: 'Choose two different languages', detail: `Both sides are ${names.from}: there is nothing to translate.` };
    case 'empty':
      return { kind, title: 'Nothing to translate', detail: 'Type or paste the text to translate, one sentence per line.' };
    case 'no_key':
      // The memory is kept per service and key, so without a key it cannot be looked up either.
      return { kind, title: 'No translation key', detail: 'Add your translation API key above to translate.' };
    case 'invalid_key':
      return { kind, title: 'The service refused the key', detail: 'The translation key is invalid or was revoked. Replace it in the service section below.' };
    case 'quota':
      return {
        kind,
        title: 'Translations unavailable',
        detail: `${raw} ${MEMORY_STILL_WORKS}`,
      };
    case 'unsupported_pair':
      return { kind, title: 'Language pair not supported', detail: `The service cannot translate from ${names.from} to ${names.to}. Choose another pair.` };
    case 'rate_limited':
      return { kind, title: 'Too many requests', detail: 'The service asked Statusdesk to slow down. Try again in a minute.' };
    case 'service_down':
      return { kind, title: 'The translation service cannot be reached', detail: `${raw} ${MEMORY_STILL_WORKS}` };
    case 'cancelled':
      return { kind, title: 'Cancelled', detail: 'The translation was cancelled.' };
    case 'invalid_input':
    case 'other':
      return { kind, title: 'Translation failed', detail: raw };
  }
}
