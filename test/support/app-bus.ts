import { createAppBus, type AppBus, type AppEvents } from '@core/events/app-events';

/** A bus with one subscriber: what a feature under test publishes there is heard by the test. */
export function busHearing<K extends keyof AppEvents & string>(name: K, subscriber: (payload: AppEvents[K]) => void): AppBus {
  const bus = createAppBus();
  bus.subscribe(name, subscriber);
  return bus;
}
