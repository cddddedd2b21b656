import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertDestination, NewAlertDestination } from '@shared/alerts/alert-destination';
import type { AlertRule, AlertRuleInput } from '@shared/alerts/alert-rule';
import type { AlertsView } from '@shared/alerts/alerts-view';
import { api, call, messageOf } from '@/api';

/** Rows of the delivery log the screen shows; the queue keeps its own bound. */
const DELIVERIES_SHOWN = 200;

type DestinationPatch = Partial<Pick<AlertDestination, 'name' | 'timeZone' | 'enabled'>>;

/**
 * The Alerts screen's copy of the destinations, rules and delivery log, as the main process keeps them: read
 * when the screen opens and again on `alerts.onChange` while it is open. The store holds no secret: what the
 * user types goes straight into `addDestination`, and views carry only `secretStored` and `lastFour`.
 */
export const useAlertsStore = defineStore('alerts', () => {
  const view = ref<AlertsView | null>(null);
  const deliveries = ref<AlertDeliveryView[]>([]);
  const error = ref<string | null>(null);
  const loaded = computed(() => view.value !== null);
  const destinations = computed(() => view.value?.destinations ?? []);
  const rulesOf = computed(() => (destinationId: string) => (view.value?.rules ?? []).filter((rule) => rule.destinationId === destinationId));
  const notDelivered = computed(() => deliveries.value.filter((delivery) => delivery.state === 'not_delivered').length);

  // A burst of changes (a digest going out, a retry) is one read in flight and at most one after it.
  let reading: Promise<void> | null = null;
  let readAgain = false;

  async function readOnce(): Promise<void> {
    try {
      const [nextView, nextDeliveries] = await Promise.all([call(api().alerts.view()), call(api().alerts.deliveries({ limit: DELIVERIES_SHOWN }))]);
      view.value = nextView;
      deliveries.value = nextDeliveries;
      error.value = null;
    } catch (failure) {
      error.value = messageOf(failure, { action: 'read the alerts' });
    }
  }

  /** Reads everything again; a call while a read runs is folded into one more read after it. */
  function load(): Promise<void> {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      do {
        readAgain = false;
        await readOnce();
      } while (readAgain);
      reading = null;
    })();
    return reading;
  }

  /** Follows the main process's changes; returns what stops it (the screen calls it while mounted). */
  function follow(): () => void {
    const stop = api().alerts.onChange(() => void load());
    void load();
    return stop;
  }

  async function addDestination(input: NewAlertDestination): Promise<AlertDestination> {
    const destination = await call(api().alerts.addDestination(input));
    await load();
    return destination;
  }

  async function updateDestination(id: string, patch: DestinationPatch): Promise<AlertDestination> {
    const destination = await call(api().alerts.updateDestination({ id, patch }));
    await load();
    return destination;
  }

  async function removeDestination(id: string): Promise<number> {
    const { droppedMessages } = await call(api().alerts.removeDestination({ id }));
    await load();
    return droppedMessages;
  }

  async function saveRule(rule: Omit<AlertRuleInput, 'id'> & { id?: string }): Promise<AlertRule> {
    const saved = await call(api().alerts.saveRule(rule));
    await load();
    return saved;
  }

  async function removeRule(id: string): Promise<void> {
    await call(api().alerts.removeRule({ id }));
    await load();
  }

  /** Answers after the test message's first attempt. */
  async function test(destinationId: string): Promise<AlertDeliveryView> {
    const delivery = await call(api().alerts.test({ destinationId }));
    await load();
    return delivery;
  }

  async function retry(id: string): Promise<AlertDeliveryView> {
    const delivery = await call(api().alerts.retry({ id }));
    await load();
    return delivery;
  }

  async function dismiss(id: string): Promise<void> {
    await call(api().alerts.dismiss({ id }));
    await load();
  }

  return {
    view,
    deliveries,
    error,
    loaded,
    destinations,
    rulesOf,
    notDelivered,
    load,
    follow,
    addDestination,
    updateDestination,
    removeDestination,
    saveRule,
    removeRule,
    test,
    retry,
    dismiss,
  };
});
