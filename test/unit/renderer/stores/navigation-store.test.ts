import { createTestingPinia } from '@pinia/testing';
import { describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import type { ScreenIntents } from '../../../../renderer/src/screen-intents';
import { useScreenIntent } from '../../../../renderer/src/composables/use-screen-intent';
import { useNavigation, type LeaveHold } from '../../../../renderer/src/stores/navigation';

/* One way to open a screen and ask it for something: `go(screen, intent)`, the intent typed per screen and carried out once. */

function navigation() {
  createTestingPinia({ stubActions: false, createSpy: vi.fn });
  return useNavigation();
}

const DRAFT = {
  title: 'Acme: API errors',
  type: 'minor',
  service_ids: [3],
  updates: [{ type: 'issue', description: 'We are affected.', notify: true }],
} as const;

describe('the navigation store', () => {
  it('hands an intent to its screen once, and to no other screen', () => {
    const nav = navigation();
    nav.go('incidents', {
      kind: 'draft-from-provider',
      accountId: 'a1',
      providerName: 'Acme',
      draft: { ...DRAFT, updates: [...DRAFT.updates], service_ids: [3] },
    });
    expect(nav.current).toBe('incidents');
    expect(nav.take('dashboard')).toBeNull();
    expect(nav.take('incidents')).toEqual({ kind: 'draft-from-provider', accountId: 'a1', providerName: 'Acme', draft: { ...DRAFT, service_ids: [3] } });
    expect(nav.take('incidents')).toBeNull();
  });

  it('drops an intent not taken when the screen changes again, with or without an intent of its own', () => {
    const nav = navigation();
    nav.go('incidents', { kind: 'new-incident' });
    nav.go('outbox');
    expect(nav.take('incidents')).toBeNull();
    nav.go('dashboard', { kind: 'show-page', pageId: 'p1', incidentId: 7 });
    nav.go('dashboard');
    expect(nav.take('dashboard')).toBeNull();
    nav.go('incidents', { kind: 'new-incident' });
    nav.go('incidents', { kind: 'search' });
    expect(nav.take('incidents')).toEqual({ kind: 'search' });
  });

  it('asks an editor holding the screen first: the intent goes only with the screen, when the user lets it', () => {
    const nav = navigation();
    nav.go('incidents');
    let asked: { label: string; proceed: () => void } | null = null;
    const release = nav.holdLeaving((label, proceed) => void (asked = { label, proceed }));
    nav.go('dashboard', { kind: 'show-page', pageId: 'p1' });
    expect(asked).toMatchObject({ label: 'Dashboard' });
    // Kept editing: nothing moved, nothing waits.
    expect(nav.current).toBe('incidents');
    expect(nav.take('dashboard')).toBeNull();
    asked!.proceed();
    expect(nav.current).toBe('dashboard');
    expect(nav.take('dashboard')).toEqual({ kind: 'show-page', pageId: 'p1' });
    release();
    nav.go('incidents', { kind: 'search' });
    expect(nav.current).toBe('incidents');
    expect(nav.take('incidents')).toEqual({ kind: 'search' });
  });

  it('does not ask an editor when the intent is for the screen already showing', () => {
    const nav = navigation();
    nav.go('incidents');
    const hold = vi.fn<LeaveHold>();
    nav.holdLeaving(hold);
    nav.go('incidents', { kind: 'new-incident' });
    expect(hold).not.toHaveBeenCalled();
    expect(nav.take('incidents')).toEqual({ kind: 'new-incident' });
  });

  it('refuses, at compile time, an intent its screen does not take', () => {
    const nav = navigation();
    // @ts-expect-error the Outbox takes no intent
    nav.go('outbox', { kind: 'search' });
    // @ts-expect-error a page to show is the dashboard's, not the incidents screen's
    nav.go('incidents', { kind: 'show-page', pageId: 'p1' });
    // @ts-expect-error showing a page names the page
    nav.go('dashboard', { kind: 'show-page' });
    // @ts-expect-error a draft from a provider carries the draft
    nav.go('incidents', { kind: 'draft-from-provider', accountId: 'a1', providerName: 'Acme' });
    const taken: ScreenIntents['dashboard'] | null = nav.take('dashboard');
    expect(taken).toBeNull();
  });
});

describe('useScreenIntent', () => {
  it('answers once the screen is ready, then at each change while it shows, null when nothing was asked', async () => {
    const nav = navigation();
    nav.go('incidents', { kind: 'new-incident' });
    const ready = ref(false);
    const answers: Array<ScreenIntents['incidents'] | null> = [];
    const scope = effectScope();
    scope.run(() => useScreenIntent('incidents', (intent) => void answers.push(intent), ready));
    expect(answers).toEqual([]);
    ready.value = true;
    await nextTick();
    expect(answers).toEqual([{ kind: 'new-incident' }]);
    nav.go('incidents', { kind: 'search' });
    await nextTick();
    nav.go('incidents');
    await nextTick();
    expect(answers).toEqual([{ kind: 'new-incident' }, { kind: 'search' }, null]);
    scope.stop();
    nav.go('incidents', { kind: 'search' });
    await nextTick();
    expect(answers).toHaveLength(3);
    // What the stopped screen did not take waits for the next one.
    expect(nav.take('incidents')).toEqual({ kind: 'search' });
  });

  it('leaves another screen’s intent for that screen', async () => {
    const nav = navigation();
    const answers: Array<ScreenIntents['dashboard'] | null> = [];
    const scope = effectScope();
    scope.run(() => useScreenIntent('dashboard', (intent) => void answers.push(intent)));
    nav.go('incidents', { kind: 'search' });
    await nextTick();
    expect(answers).toEqual([null, null]);
    expect(nav.take('incidents')).toEqual({ kind: 'search' });
    scope.stop();
  });
});
