import type { AlertDeliveryView, AlertDeliveryState } from '../../../../shared/alerts/alert-delivery';
import type { AlertDestination, AlertDestinationKind } from '../../../../shared/alerts/alert-destination';
import type { DestinationSecret } from '../../../../electron/core/alerts/alert-delivery-api';
import { AlertDelivery, type AlertDeliveryKnobs } from '../../../../electron/core/alerts/delivery/alert-delivery';
import type { AlertsSimulator } from '../../../../simulators/alerts';

/** 32 letters and digits, as PagerDuty's integration keys are. */
export const ROUTING_KEY = 'R0utingKey0123456789abcdefABCDEF';
export const WEBHOOK_SECRET = 'the-team-webhook-signing-secret';
export const KINDS: AlertDestinationKind[] = ['slack', 'teams', 'pagerduty', 'webhook'];

/** Fast rates for the simulator and the sender to agree on (the sender's is never faster than the simulator's). */
export const FAST_SIM_RATES = { slackRate: { messages: 1, perMs: 40 }, teamsRate: { messages: 4, perMs: 100 } };
export const FAST_KNOBS: AlertDeliveryKnobs = {
  rateLimits: {
    slack: { messages: 1, perMs: 50 },
    teams: { messages: 1, perMs: 30 },
    pagerduty: { messages: 1, perMs: 5 },
    webhook: { messages: 1, perMs: 5 },
  },
  retry: { backoff: { baseMs: 20, maxMs: 200 } },
  requestTimeoutMs: 1_500,
  recheckMs: 50,
};

export function secretFor(sim: AlertsSimulator, kind: AlertDestinationKind): DestinationSecret {
  switch (kind) {
    case 'slack':
      return { address: sim.slackHookUrl() };
    case 'teams':
      return { address: sim.teamsWorkflowUrl() };
    case 'pagerduty':
      return { address: sim.pagerDutyUrl, key: ROUTING_KEY };
    case 'webhook':
      return { address: sim.webhookUrl(), key: WEBHOOK_SECRET };
  }
}

function destinationOf(sim: AlertsSimulator, kind: AlertDestinationKind): AlertDestination {
  return { id: `${kind}-1`, name: `Team ${kind}`, kind, origin: sim.url, timeZone: 'Europe/Berlin', enabled: true };
}

export interface TestDelivery {
  delivery: AlertDelivery;
  problems: string[];
  destinations: AlertDestination[];
  secrets: Map<string, DestinationSecret | null>;
}

export function openDelivery(dataDir: string, sim: AlertsSimulator, knobs: AlertDeliveryKnobs = FAST_KNOBS, kinds = KINDS): TestDelivery {
  const destinations = kinds.map((kind) => destinationOf(sim, kind));
  const secrets = new Map<string, DestinationSecret | null>(destinations.map((d) => [d.id, secretFor(sim, d.kind)]));
  const problems: string[] = [];
  const delivery = new AlertDelivery({
    dataDir,
    destinations: () => destinations,
    secretFor: async (destination) => secrets.get(destination.id) ?? null,
    reportProblem: (message) => problems.push(message),
    ...knobs,
  });
  return { delivery, problems, destinations, secrets };
}

/** Resolves once the delivery is in one of `states`; the test's own time-out bounds the wait. */
export function untilState(delivery: AlertDelivery, id: string, states: AlertDeliveryState[]): Promise<AlertDeliveryView> {
  return new Promise((resolve) => {
    const check = () => {
      const view = delivery.list().find((v) => v.id === id);
      if (view && states.includes(view.state)) {
        stop();
        resolve(view);
        return true;
      }
      return false;
    };
    const stop = delivery.onChange(() => void check());
    check();
  });
}

/** Resolves once the queue file is read and nothing in it is queued any more. */
export async function untilSettled(delivery: AlertDelivery): Promise<AlertDeliveryView[]> {
  await delivery.ready();
  return new Promise((resolve) => {
    const check = () => {
      const views = delivery.list();
      if (views.every((v) => v.state !== 'queued')) {
        stop();
        resolve(views);
      }
    };
    const stop = delivery.onChange(check);
    check();
  });
}
