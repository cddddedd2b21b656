import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_LANGUAGES } from '../../../simulators/translation/languages';
import { languageLabel, searchLanguages } from '../../../renderer/src/components/translation/language-search';
import { translationFailureOf } from '../../../shared/translation/failure';
import { translationBaseUrlSchema, translationSettingsSchema } from '../../../shared/translation/translation-settings';
import { translateChannelRequestSchema } from '../../../shared/ipc/channels/translation';

const codes = (query: string) => searchLanguages(DEFAULT_SIM_LANGUAGES, query).map((l) => l.code);

describe('language search', () => {
  it('finds by English name, local name (accents optional) and code, best matches first', () => {
    expect(codes('germ')).toEqual(['de']);
    expect(codes('deutsch')).toEqual(['de']);
    expect(codes('francais')).toEqual(['fr']);
    expect(codes('FR')[0]).toBe('fr');
    expect(codes('chinese')).toEqual(['zh', 'tw']);
    expect(codes('ch')).toEqual(['zh', 'tw', 'nl', 'fr', 'de']);
    expect(codes('日本')).toEqual(['ja']);
    expect(codes('xyz')).toEqual([]);
    expect(codes('')).toHaveLength(DEFAULT_SIM_LANGUAGES.length);
    expect(codes('')[0]).toBe('ar');
  });

  it('labels a language with its local name only when it differs', () => {
    expect(languageLabel({ code: 'en', english_name: 'English', local_name: 'English' })).toBe('English');
    expect(languageLabel({ code: 'de', english_name: 'German', local_name: 'Deutsch' })).toBe('German — Deutsch');
  });
});

describe('translation failures as the panel names them', () => {
  it('follows the service error mapping', () => {
    expect(translationFailureOf({ code: 'unauthorized' })).toBe('no_key');
    expect(translationFailureOf({ code: 'unauthorized', status: 401 })).toBe('invalid_key');
    expect(translationFailureOf({ code: 'forbidden', status: 400 })).toBe('quota');
    expect(translationFailureOf({ code: 'unsupported' })).toBe('unsupported_pair');
    expect(translationFailureOf({ code: 'network' })).toBe('service_down');
    expect(translationFailureOf({ code: 'http', status: 503 })).toBe('service_down');
    expect(translationFailureOf({ code: 'http', status: 418 })).toBe('other');
    expect(translationFailureOf({ code: 'rate_limited', status: 429 })).toBe('rate_limited');
  });
});

describe('translation settings and channel schemas', () => {
  it('fills defaults and refuses base URLs with a query or credentials', () => {
    expect(translationSettingsSchema.parse({})).toEqual({
      baseUrl: 'https://api.weglot.com',
      defaultFrom: 'en',
      defaultTo: null,
      requestUrl: 'https://statusdesk.app/translation-panel',
    });
    expect(translationBaseUrlSchema.parse('http://127.0.0.1:4011/prefix/')).toBe('http://127.0.0.1:4011/prefix');
    for (const bad of ['ftp://x.example', 'https://u:p@x.example', 'https://x.example/?api_key=1', 'not a url']) {
      expect(translationBaseUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('bounds a translate request', () => {
    expect(translateChannelRequestSchema.safeParse({ from: 'en', to: 'de', texts: ['a', ''] }).success).toBe(true);
    expect(translateChannelRequestSchema.safeParse({ from: 'en', to: 'de', texts: Array(2001).fill('a') }).success).toBe(false);
    expect(translateChannelRequestSchema.safeParse({ from: '', to: 'de', texts: [] }).success).toBe(false);
  });
});
