import { describe, expect, it } from 'vitest';
import { translationBaseUrlSchema } from '../../../../shared/translation/translation-settings';
import { ApiError } from '../../../../renderer/src/api';
import { useAddressSetting, type AddressSetting } from '../../../../renderer/src/composables/use-address-setting';

function setting(save: AddressSetting['save'], current = 'https://api.weglot.com') {
  return useAddressSetting({
    label: 'Address',
    testid: 'service-url',
    inputId: 'translation-base-url',
    inputLabel: 'Service address',
    placeholder: 'https://api.weglot.com',
    current: () => current,
    schema: translationBaseUrlSchema,
    invalid: 'Enter a full http(s) address.',
    save,
  });
}

describe('useAddressSetting', () => {
  it('starts the draft from the stored address and saves what the schema makes of it', async () => {
    const saved: string[] = [];
    const row = setting(async (value) => void saved.push(value));
    row.edit();
    expect(row.draft).toBe('https://api.weglot.com');
    row.draft = 'https://translate.example.com/';
    await row.submit();
    expect(saved).toEqual(['https://translate.example.com']);
    expect(row.editing).toBe(false);
    expect(row.error).toBeNull();
  });

  it("refuses an address the schema refuses, in the schema's words, without saving", async () => {
    const saved: string[] = [];
    const row = setting(async (value) => void saved.push(value));
    row.edit();
    row.draft = 'ftp://example.com';
    await row.submit();
    expect(saved).toEqual([]);
    expect(row.editing).toBe(true);
    expect(row.error).toMatch(/http\(s\)/);
  });

  it('stays open with the reason when the save is refused', async () => {
    const row = setting(() => Promise.reject(new ApiError({ code: 'invalid_input', message: 'That address cannot be used.' })));
    row.edit();
    row.draft = 'https://translate.example.com';
    await row.submit();
    expect(row.editing).toBe(true);
    expect(row.error).toBe('That address cannot be used.');
  });
});
