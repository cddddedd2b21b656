import { describe, expect, it } from 'vitest';
import { canTakeMessages, NO_PAGE, nextPageReadiness, type PageEvent, type PageReadiness } from '../../../electron/core/desktop/page-readiness';

// The open-target mailbox holds a click while the page reloads, and only then.

const origins = ['app://statusdesk'];
const start = (url = 'app://statusdesk/index.html', more: Partial<{ isMainFrame: boolean; isSameDocument: boolean }> = {}): PageEvent => ({
  type: 'navigation-started',
  url,
  isMainFrame: true,
  isSameDocument: false,
  ...more,
});
const navigated: PageEvent = { type: 'navigated' };
const finished: PageEvent = { type: 'load-finished' };
const stopped: PageEvent = { type: 'loading-stopped' };
const gone: PageEvent = { type: 'renderer-gone' };

/** Whether the page can take a message after each event, from a new window. */
function readiness(events: PageEvent[], from: PageReadiness = NO_PAGE): boolean[] {
  let state = from;
  return events.map((event) => canTakeMessages((state = nextPageReadiness(state, event, origins))));
}

const LOADED: PageReadiness = { page: 'loaded', navigating: false };

interface Case {
  case: string;
  from: PageReadiness;
  events: PageEvent[];
  ready: boolean[];
}

describe('nextPageReadiness', () => {
  it.each<Case>([
    { case: 'a new window loading its page', from: NO_PAGE, events: [start(), navigated, finished, stopped], ready: [false, false, true, true] },
    {
      case: 'a reload: held from its start until the new page has loaded',
      from: LOADED,
      events: [start(), navigated, finished, stopped],
      ready: [false, false, true, true],
    },
    { case: 'a crash, then the reload', from: LOADED, events: [gone, start(), navigated, finished, stopped], ready: [false, false, false, true, true] },
    {
      case: 'the old page finishing during a reload does not open the mailbox',
      from: { page: 'loading', navigating: false },
      events: [start(), finished, navigated, finished],
      ready: [false, false, false, true],
    },
    { case: 'a navigation that never commits leaves the old page, which still takes messages', from: LOADED, events: [start(), stopped], ready: [false, true] },
    { case: 'a failed load (error page) keeps holding', from: LOADED, events: [start(), navigated, stopped], ready: [false, false, false] },
    {
      case: 'a hash or pushState change is the same page',
      from: LOADED,
      events: [start('app://statusdesk/#/settings', { isSameDocument: true })],
      ready: [true],
    },
    { case: 'a subframe navigating is not the page', from: LOADED, events: [start('app://statusdesk/frame.html', { isMainFrame: false })], ready: [true] },
    { case: 'a navigation away, which the hardening refuses, never replaces the page', from: LOADED, events: [start('https://evil.example/')], ready: [true] },
    {
      case: 'a crash before the page had loaded',
      from: NO_PAGE,
      events: [start(), gone, start(), navigated, finished],
      ready: [false, false, false, false, true],
    },
  ])('$case', ({ from, events, ready }) => {
    expect(readiness(events, from)).toEqual(ready);
  });

  it('only a loaded page with no navigation under way takes messages', () => {
    expect(canTakeMessages(NO_PAGE)).toBe(false);
    expect(canTakeMessages({ page: 'loading', navigating: false })).toBe(false);
    expect(canTakeMessages({ page: 'loaded', navigating: true })).toBe(false);
    expect(canTakeMessages(LOADED)).toBe(true);
  });
});
