import type { AlertSimRoute } from './faults';

/** One request the alerts simulator saw, for tests to assert on. */
export interface AlertSimRequest {
  seq: number;
  /** The simulator's clock, epoch ms, when the request arrived. */
  at: number;
  route: AlertSimRoute;
  /** Slack hook path, Teams workflow id, PagerDuty routing key's last four, webhook name. */
  target: string;
  /** The status answered, 'reset' when the connection was cut, 'hang' when never answered. */
  status: number | 'reset' | 'hang';
  /** The receiver did what the request asked (posted, opened or merged an alert, took the webhook). */
  acted: boolean;
  /** The body as parsed JSON; null when it was not JSON. */
  body: unknown;
  headers: Record<string, string>;
  fault?: string;
  /** Why the receiver refused it, as it said. */
  error?: string;
}
