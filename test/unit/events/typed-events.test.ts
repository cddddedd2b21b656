import { describe, expect, it } from 'vitest';
import { TypedEvents } from '@core/events/typed-events';

type Map = { 'page.checked': { pageId: string }; 'tray.drawn': { pages: number } };

describe('TypedEvents, the core event primitive', () => {
  it('tells subscribers in the order they subscribed, synchronously', () => {
    const bus = new TypedEvents<Map>();
    const heard: string[] = [];
    bus.subscribe('page.checked', ({ pageId }) => heard.push(`first ${pageId}`));
    bus.subscribe('page.checked', ({ pageId }) => heard.push(`second ${pageId}`));
    bus.subscribe('tray.drawn', () => heard.push('tray'));
    bus.publish('page.checked', { pageId: 'p1' });
    expect(heard).toEqual(['first p1', 'second p1']);
  });

  it('keeps telling the others when one subscriber throws, and reports the throw', () => {
    const failures: string[] = [];
    const bus = new TypedEvents<Map>({ onSubscriberError: (name, error) => failures.push(`${name}: ${(error as Error).message}`) });
    const heard: number[] = [];
    bus.subscribe('tray.drawn', () => {
      throw new Error('broken');
    });
    bus.subscribe('tray.drawn', ({ pages }) => heard.push(pages));
    expect(() => bus.publish('tray.drawn', { pages: 3 })).not.toThrow();
    expect(heard).toEqual([3]);
    expect(failures).toEqual(['tray.drawn: broken']);
  });

  it('without a place to report to, throws the failure to the publisher once every subscriber has heard', () => {
    const bus = new TypedEvents<Map>();
    const heard: number[] = [];
    bus.subscribe('tray.drawn', () => {
      throw new Error('broken');
    });
    bus.subscribe('tray.drawn', ({ pages }) => heard.push(pages));
    expect(() => bus.publish('tray.drawn', { pages: 3 })).toThrow('broken');
    expect(heard).toEqual([3]);
  });

  it('stops telling a subscriber once it unsubscribes, and says whether an event is heard', () => {
    const bus = new TypedEvents<Map>();
    const heard: string[] = [];
    expect(bus.heard('page.checked')).toBe(false);
    const off = bus.subscribe('page.checked', ({ pageId }) => heard.push(pageId));
    expect(bus.heard('page.checked')).toBe(true);
    bus.publish('page.checked', { pageId: 'a' });
    off();
    bus.publish('page.checked', { pageId: 'b' });
    expect(heard).toEqual(['a']);
    expect(bus.heard('page.checked')).toBe(false);
  });
});
