import { computed, toValue, type MaybeRefOrGetter } from 'vue';
import type { PageRef } from '@shared/incidents/page-prefs';
import type { BuildResult } from '@/components/incidents/form-result';
import { typedText, type TranslatableField, type TranslationDraft } from '@/components/incidents/translation-draft';
import type { PageContext } from '@/lib/page-context';
import { useEditorDraft } from './use-editor-draft';

/**
 * What the incident, notice and update editors bind to EditorForm, in one place: whether the values were typed
 * (closing asks first), the draft kept until they are queued or thrown away, and the form's props and events.
 * Once the editor's `save` has queued the body, the draft has done its work: it is forgotten, with what the
 * editor keeps beside it (`forget`: the pages of a write to several pages), as on Discard and Start over.
 * Bind `form` with `v-bind` on EditorForm.
 */
export function useEditorForm<Values extends { translations: TranslationDraft }>(options: {
  /** The editor's reactive values; a draft brought back is put into them. */
  values: Values;
  /** What the editor opens with, and what Start over puts back. */
  blank: () => Values;
  /** The page written to (its draft, its languages). */
  page: PageRef | null | undefined;
  /** What is written, naming the draft; none without. */
  draft: string | null | undefined;
  idPrefix: string;
  title: MaybeRefOrGetter<string>;
  submitLabel: MaybeRefOrGetter<string>;
  context: MaybeRefOrGetter<PageContext | null>;
  translatable: MaybeRefOrGetter<TranslatableField[]>;
  itemLanguages?: MaybeRefOrGetter<string[] | undefined>;
  wide?: boolean;
  build: () => BuildResult;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  forget?: () => void;
  /** After Start over put the blank values back: what the editor derives from them. */
  afterStartOver?: () => void;
  close: () => void;
}) {
  const { values } = options;
  const pristine = typedText(options.blank());
  /** Typed but not saved: closing asks first. */
  const dirty = computed(() => typedText(values) !== pristine);
  const draft = useEditorDraft({ page: options.page, what: options.draft, values, blank: options.blank, dirty });

  function forget() {
    draft.clear();
    options.forget?.();
  }

  function startOver() {
    draft.startOver();
    options.forget?.();
    options.afterStartOver?.();
  }

  const form = computed(() => ({
    translations: values.translations,
    'onUpdate:translations': (next: TranslationDraft) => (values.translations = next),
    title: toValue(options.title),
    wide: options.wide ?? false,
    dirty: dirty.value,
    draftable: draft.draftable,
    restoredAt: draft.restoredAt.value,
    idPrefix: options.idPrefix,
    context: toValue(options.context),
    page: options.page,
    translatable: toValue(options.translatable),
    itemLanguages: toValue(options.itemLanguages),
    submitLabel: toValue(options.submitLabel),
    build: options.build,
    save: async (body: Record<string, unknown>) => {
      await options.save(body);
      forget();
    },
    onDiscard: forget,
    onStartOver: startOver,
    onClose: options.close,
  }));

  return { form, dirty, forget };
}
