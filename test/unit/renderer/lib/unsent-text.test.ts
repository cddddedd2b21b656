import { describe, expect, it } from 'vitest';
import { UnsentText } from '../../../../renderer/src/lib/unsent-text';

// Closing or reloading the window asks only while some editor holds unsent text.

/** Runs the page's beforeunload as the browser does: whether a listener refused to let the page go. */
function unloadRefused(target: EventTarget): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsent text', () => {
  it('refuses an unload while any editor holds text, and lets it go once the last one is released', () => {
    const page = new EventTarget();
    const unsent = new UnsentText(page);
    expect(unloadRefused(page)).toBe(false);

    const first = unsent.hold();
    const second = unsent.hold();
    expect(unsent.held).toBe(true);
    expect(unloadRefused(page)).toBe(true);
    first();
    expect(unloadRefused(page)).toBe(true);
    second();
    expect(unsent.held).toBe(false);
    expect(unloadRefused(page)).toBe(false);
  });

  it('a release called twice releases nothing else', () => {
    const page = new EventTarget();
    const unsent = new UnsentText(page);
    const first = unsent.hold();
    first();
    const second = unsent.hold();
    first();
    expect(unloadRefused(page)).toBe(true);
    second();
    expect(unloadRefused(page)).toBe(false);
  });
});
