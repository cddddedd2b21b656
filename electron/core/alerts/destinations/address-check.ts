import { isLoopbackHost, originOf, secretDestinationProblem } from '@shared/validation/secret-destination';

/*
 * The one check of an address a destination's secret is sent to: it must be the service's own (its host and
 * path as documented), over https. An address on this computer's loopback is taken for every kind, over http
 * too, so the simulators (and a local relay) can stand in for the service; nothing then crosses a network.
 */

interface ServiceAddress {
  /** "a Slack incoming webhook address (https://hooks.slack.com/services/…)": said when another is entered. */
  expected: string;
  hostAllowed(hostname: string): boolean;
  pathAllowed?(pathname: string): boolean;
}

export function checkServiceAddress(
  address: string | undefined,
  service: ServiceAddress,
): { ok: true; origin: string; address: string } | { ok: false; problem: string } {
  const trimmed = (address ?? '').trim();
  if (trimmed === '') return { ok: false, problem: `The address is missing: enter ${service.expected}.` };
  const problem = secretDestinationProblem(trimmed);
  if (problem !== null) return { ok: false, problem: `The address ${problem}.` };
  const url = new URL(trimmed);
  const origin = originOf(trimmed)!;
  if (isLoopbackHost(url.hostname)) return { ok: true, origin, address: url.href };
  const hostOk = url.protocol === 'https:' && service.hostAllowed(url.hostname.toLowerCase());
  if (!hostOk || (service.pathAllowed && !service.pathAllowed(url.pathname))) {
    return { ok: false, problem: `This is not ${service.expected}.` };
  }
  return { ok: true, origin, address: url.href };
}
