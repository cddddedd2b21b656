import { translationFailureOf, type TranslationFailureKind } from '@shared/translation/failure';
import { ApiError, messageOf } from '@/api';

/**
 * A translation call that threw, in the terms the translation panels show: the kind of failure (from the main
 * process's code and status) and the sentence to show with it, in people's words (shared/people-words).
 */
export function translationErrorOf(error: unknown): { kind: TranslationFailureKind; raw: string } {
  const raw = messageOf(error, { subject: 'translation' });
  if (!(error instanceof ApiError)) return { kind: 'other', raw };
  return { kind: translationFailureOf({ code: error.code, ...(error.status === undefined ? {} : { status: error.status }) }), raw };
}
