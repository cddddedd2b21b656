import { computed, nextTick, reactive, ref } from 'vue';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textOf, useAdminForm } from '../../../../renderer/src/composables/use-admin-form';

/* The submit of every administration form: check with the form's schema, say what is wrong per field, else save. */

describe('useAdminForm', () => {
  it('checks with the schema as it is at submit (a form whose rules follow its mode), and saves the parsed body', () => {
    const form = reactive({ email: '', role: 'viewer' });
    const strict = ref(true);
    const schema = computed(() => (strict.value ? z.object({ email: z.email('Enter an address.'), role: z.string() }) : z.object({ role: z.string().trim() })));
    const saved: unknown[] = [];
    const { errors, submit } = useAdminForm(form, schema, (body) => saved.push(body));

    submit();
    expect(errors.value).toEqual({ email: 'Enter an address.' });
    expect(saved).toEqual([]);

    strict.value = false;
    form.role = ' editor ';
    submit();
    expect(errors.value).toEqual({});
    expect(saved).toEqual([{ role: 'editor' }]);
  });

  it('with a candidate, checks and saves only the fields it takes', () => {
    const form = reactive({ kind: 'sms', email: 'not an address', number: '79 123 45 67' });
    const schema = z.object({ kind: z.literal('sms'), number: z.string().min(1) });
    const saved: unknown[] = [];
    const { errors, submit } = useAdminForm(
      form,
      schema,
      (body) => saved.push(body),
      () => ({ kind: form.kind, number: form.number }),
    );
    submit();
    expect(errors.value).toEqual({});
    expect(saved).toEqual([{ kind: 'sms', number: '79 123 45 67' }]);
  });

  it('stops saying a field is wrong once it is edited, and keeps the others', async () => {
    const form = reactive({ name: '', url: 'ftp://x' });
    const schema = z.object({ name: z.string().min(1, 'Give it a name.'), url: z.url({ protocol: /^https?$/, error: 'Use http or https.' }) });
    const { errors, submit } = useAdminForm(form, schema, () => undefined);
    submit();
    expect(errors.value).toEqual({ name: 'Give it a name.', url: 'Use http or https.' });
    form.name = 'Search';
    await nextTick();
    expect(errors.value).toEqual({ url: 'Use http or https.' });
  });
});

describe('textOf', () => {
  it('starts a text field from a string, and from nothing else', () => {
    expect(textOf('Acme')).toBe('Acme');
    expect([undefined, null, 3, ['a'], { a: 1 }].map(textOf)).toEqual(['', '', '', '', '']);
  });
});
