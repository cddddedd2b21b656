import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/src/api';
import { translationErrorOf } from '../../../../renderer/src/lib/translation-error';

describe('a failed translation call', () => {
  it('keeps the main process sentence and reads the kind from its code and status', () => {
    expect(translationErrorOf(new ApiError({ code: 'unauthorized', message: 'No translation key is stored.' }))).toEqual({
      kind: 'no_key',
      raw: 'No translation key is stored.',
    });
    expect(translationErrorOf(new ApiError({ code: 'unauthorized', status: 403, message: 'Key refused.' })).kind).toBe('invalid_key');
    expect(translationErrorOf(new ApiError({ code: 'http', status: 503, message: 'Service unavailable.' })).kind).toBe('service_down');
  });

  it('anything else is "other", without its own message (it may say more than the user should see)', () => {
    expect(translationErrorOf(new Error('at Object.<anonymous> (/home/x/secret.ts:1:1)'))).toEqual({ kind: 'other', raw: 'Something went wrong.' });
  });
});
