import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { AlertFaultQueue, describeFault, type AlertSimFault, type AlertSimRoute } from './faults';
import { PagerDutyRoute } from './pagerduty-route';
import type { AlertSimRequest } from './request-log';
import type { RouteAnswer, RouteRequest } from './route-answer';
import { parseJson } from './route-answer';
import { SlackRoute, type SlackHookState } from './slack-route';
import { TeamsRoute, type TeamsWorkflowState } from './teams-route';
import { WebhookRoute } from './webhook-route';

interface AlertsSimulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** The simulator's clock (rate windows, webhook timestamps). Default Date.now. */
  now?: () => number;
  /** Slack's limit per webhook; default its documented one a second. */
  slackRate?: { messages: number; perMs: number };
  /** Teams' limit per workflow; default four a second. */
  teamsRate?: { messages: number; perMs: number };
  /** PagerDuty's limit per routing key; default 120 a minute. */
  pagerDutyRate?: { messages: number; perMs: number };
  /** When given, PagerDuty knows only these routing keys. */
  routingKeys?: string[];
  /** The signing secret webhook receivers check; setWebhookSecret for one hook. */
  webhookSecret?: string;
}

export interface AlertsSimulator {
  /** http://127.0.0.1:port */
  url: string;
  /** A Slack incoming webhook address on the simulator. */
  slackHookUrl(team?: string, bot?: string, secret?: string): string;
  /** A Teams workflow trigger address, signed in its query as the real ones are. */
  teamsWorkflowUrl(workflow?: string): string;
  /** The Events API address (`/v2/enqueue`). */
  pagerDutyUrl: string;
  webhookUrl(name?: string): string;
  slack: SlackRoute;
  teams: TeamsRoute;
  pagerDuty: PagerDutyRoute;
  webhook: WebhookRoute;
  setSlackHookState(hookUrl: string, state: SlackHookState): void;
  setTeamsWorkflowState(workflow: string, state: TeamsWorkflowState): void;
  setWebhookSecret(name: string, secret: string): void;
  /** Replaces the one-shot fault queue. */
  setFaults(faults: AlertSimFault[]): void;
  addFaults(...faults: AlertSimFault[]): void;
  pendingFaults(): number;
  requests(route?: AlertSimRoute): AlertSimRequest[];
  clearRequests(): void;
  stop(): Promise<void>;
}

function headersOf(request: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') out[name] = value;
  return out;
}

function routeOf(pathname: string): AlertSimRoute {
  if (pathname.startsWith('/services/')) return 'slack';
  if (pathname.startsWith('/workflows/')) return 'teams';
  if (pathname === '/v2/enqueue') return 'pagerduty';
  if (pathname === '/v2/change/enqueue') return 'pagerduty-change';
  if (pathname.startsWith('/hooks/')) return 'webhook';
  return 'other';
}

function targetOf(route: AlertSimRoute, pathname: string, body: unknown): string {
  if (route === 'pagerduty' || route === 'pagerduty-change') {
    const key = (body as { routing_key?: unknown } | undefined)?.routing_key;
    return typeof key === 'string' ? `…${key.slice(-4)}` : '';
  }
  if (route === 'teams') return pathname.split('/')[2] ?? '';
  if (route === 'webhook') return pathname.slice('/hooks/'.length);
  return pathname;
}

const ERROR_BODIES: Partial<Record<AlertSimRoute, (status: number) => string>> = {
  slack: (status) => (status === 429 ? 'rate_limited' : 'internal_error'),
  pagerduty: () => JSON.stringify({ status: 'error', message: 'Internal server error' }),
};

/**
 * Loopback stand-ins for Slack incoming webhooks, Teams workflow webhooks, PagerDuty's Events API v2 and a
 * generic webhook receiver, on one real HTTP server (a route per kind), built from each service's published
 * documentation: request shapes, status codes, rate limits, deduplication. One-shot faults (faults.ts) and a
 * request log for tests; the same server can back a demo.
 */
export async function startAlertsSimulator(options: AlertsSimulatorOptions = {}): Promise<AlertsSimulator> {
  const now = options.now ?? Date.now;
  const slack = new SlackRoute(options.slackRate ?? { messages: 1, perMs: 1_000 });
  const teams = new TeamsRoute(options.teamsRate ?? { messages: 4, perMs: 1_000 });
  const pagerDuty = new PagerDutyRoute(options.pagerDutyRate ?? { messages: 120, perMs: 60_000 }, options.routingKeys ?? null);
  const webhook = new WebhookRoute(options.webhookSecret ?? 'simulator-webhook-signing-secret');
  const faults = new AlertFaultQueue();
  const log: AlertSimRequest[] = [];

  const act = (route: AlertSimRoute, request: RouteRequest): RouteAnswer => {
    switch (route) {
      case 'slack':
        return slack.handle(request);
      case 'teams':
        return teams.handle(request);
      case 'pagerduty':
        return pagerDuty.handleEvent(request);
      case 'pagerduty-change':
        return pagerDuty.handleChange(request);
      case 'webhook':
        return webhook.handle(request);
      default:
        return { status: 404, body: 'Not found', acted: false, error: 'not_found' };
    }
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://simulator.invalid');
      const route = request.method === 'POST' ? routeOf(url.pathname) : 'other';
      const parsedBody = parseJson(body) ?? null;
      const entry = { seq: log.length + 1, at: now(), route, target: targetOf(route, url.pathname, parsedBody), body: parsedBody, headers: headersOf(request) };
      const record = (status: AlertSimRequest['status'], acted: boolean, extra: Partial<AlertSimRequest> = {}) =>
        log.push({ ...entry, status, acted, ...extra });
      const fault = route === 'other' ? null : faults.take(route);
      const faultName = fault ? { fault: describeFault(fault) } : {};

      if (fault?.kind === 'hang') return record('hang', false, faultName);
      if (fault?.kind === 'delay') await delay(fault.ms);
      if (fault?.kind === 'reset' && !fault.applied) {
        request.socket.destroy();
        return record('reset', false, faultName);
      }
      if (fault?.kind === 'status' && !fault.applied) {
        response.writeHead(fault.status, { 'content-type': 'text/plain', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
        response.end(ERROR_BODIES[route]?.(fault.status) ?? 'error');
        return record(fault.status, false, faultName);
      }
      const answer = act(route, { path: url.pathname, headers: entry.headers, body, now: entry.at });
      if (fault?.kind === 'reset') {
        request.socket.destroy();
        return record('reset', answer.acted, faultName);
      }
      if (fault?.kind === 'status') {
        response.writeHead(fault.status, { 'content-type': 'text/plain', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
        response.end(ERROR_BODIES[route]?.(fault.status) ?? 'error');
        return record(fault.status, answer.acted, faultName);
      }
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body);
      record(answer.status, answer.acted, { ...faultName, ...(answer.error ? { error: answer.error } : {}) });
    })().catch(() => {
      if (!response.headersSent) {
        response.writeHead(500);
        response.end();
      } else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    slackHookUrl: (team = 'T0SIMTEAM', bot = 'B0SIMBOT', secret = 'simulatedhooksecret0001') => `${origin}/services/${team}/${bot}/${secret}`,
    teamsWorkflowUrl: (workflow = 'a1b2c3d4e5f6') =>
      `${origin}/workflows/${workflow}/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=simulatedworkflowsignature`,
    pagerDutyUrl: `${origin}/v2/enqueue`,
    webhookUrl: (name = 'team') => `${origin}/hooks/${name}`,
    slack,
    teams,
    pagerDuty,
    webhook,
    setSlackHookState: (hookUrl, state) => slack.setHookState(new URL(hookUrl).pathname, state),
    setTeamsWorkflowState: (workflow, state) => teams.setWorkflowState(workflow, state),
    setWebhookSecret: (name, secret) => webhook.setSecret(name, secret),
    setFaults: (list) => faults.set(list),
    addFaults: (...list) => faults.add(...list),
    pendingFaults: () => faults.pending(),
    requests: (route) => (route ? log.filter((entry) => entry.route === route) : [...log]),
    clearRequests: () => {
      log.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
