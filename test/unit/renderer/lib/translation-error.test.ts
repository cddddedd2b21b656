import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/src/api';
import { translationErrorOf } from '../../../../renderer/src/lib/translation-error';

describe('a failed translation call', () => {
  it('keeps the main process sentence in people’s words and reads the kind from its code and status', () => {
    expect(translationErrorOf(new ApiError({ code: 'unauthorized', message: 'No translation key is stored.' }))).toEqual({
      kind: 'no_key',
      raw: 'No translation key is stored. Check the translation key in Settings.',
    });
    // The call's method and path are for logs, not for the panel.
    expect(
      translationErrorOf(new ApiError({ code: 'http', status: 503, message: 'Translation service (POST /translate): the service failed (HTTP 503).' })).raw,
    ).toBe('Translation service: the service failed (HTTP 503). Try again later.');
    expect(translationErrorOf(new ApiError({ code: 'unauthorized', status: 403, message: 'Key refused.' })).kind).toBe('invalid_key');
    expect(translationErrorOf(new ApiError({ code: 'http', status: 503, message: 'Service unavailable.' })).kind).toBe('service_down');
  });

  it('anything else is "other", without its own message (it may say more than the user should see)', () => {
    expect(translationErrorOf(new Error('at Object.<anonymous> (/home/x/secret.ts:1:1)'))).toEqual({
      kind: 'other',
      raw: 'Something went wrong inside Statusdesk.',
    });
  });
});
