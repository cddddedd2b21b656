import { describe, expect, it } from 'vitest';
import { onInlineNameKeydown } from '../../../renderer/src/components/incidents/inline-name-keys';

/** A key press that records what the handler did with it, and which action ran. */
function press(key: string, enterStaysInside: boolean) {
  const seen = { defaultPrevented: false, propagationStopped: false, saved: false, cancelled: false };
  const event = { key, preventDefault: () => (seen.defaultPrevented = true), stopPropagation: () => (seen.propagationStopped = true) };
  onInlineNameKeydown(event, { save: () => (seen.saved = true), cancel: () => (seen.cancelled = true), enterStaysInside });
  return seen;
}

describe('Enter and Escape in an inline name', () => {
  it('Enter saves instead of submitting the form; it reaches the editor only when the name lets it', () => {
    expect(press('Enter', true)).toEqual({ defaultPrevented: true, propagationStopped: true, saved: true, cancelled: false });
    expect(press('Enter', false)).toEqual({ defaultPrevented: true, propagationStopped: false, saved: true, cancelled: false });
  });

  it('Escape ends the naming and never closes the dialog', () => {
    for (const staysInside of [true, false])
      expect(press('Escape', staysInside)).toEqual({ defaultPrevented: true, propagationStopped: true, saved: false, cancelled: true });
  });

  it('other keys are typing', () => {
    expect(press('a', true)).toEqual({ defaultPrevented: false, propagationStopped: false, saved: false, cancelled: false });
  });
});
