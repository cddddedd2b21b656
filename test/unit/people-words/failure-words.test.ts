import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES } from '../../../shared/errors';
import { failureWords, type FailureContext } from '../../../shared/people-words/failure-words';
import { levelWords } from '../../../shared/people-words/level-words';
import { RPC_STATUS_HTTP, rpcErrorBody, type RpcStatus } from '../../../shared/operations/rpc-error';
import { COMPONENT_STATUSES } from '../../../shared/monitor/provider/provider-summary';
import { BASE_LEVELS } from '../../../shared/statuspal/levels';
import { OPERATION_NAMES, STATUS_PAGE_OPERATIONS, type OperationName } from '../../../shared/statuspal/operations';
import { OUTBOX_STATES, OUTBOX_WAIT_REASONS } from '../../../shared/outbox/entry-view';
import { CONNECTION_FAILURES } from '../../../shared/accounts/account';
import {
  errorForCancel,
  errorForInvalidInput,
  errorForInvalidResponse,
  errorForNetworkFailure,
  errorForStatus,
  errorForTimeout,
  type RequestContext,
} from '../../../electron/core/statuspal-client/errors';
import * as translation from '../../../electron/core/translation/errors';
import { OperationsClient } from '../../../electron/core/operations/operations-client';
import * as operationsNetwork from '../../../electron/core/operations/network-failure';
import { oauthFailure } from '../../../electron/core/operations/oauth-failure';
import type { AccessTokenProvider } from '../../../electron/core/operations/token-provider';

/*
 * Every kind of failure the app meets, through the one place that words it for people, in
 * every context a screen or a command gives it. None may show an operation id, a method and path, a path
 * template, or a raw value of one of the app's enums.
 */

const CONTEXTS: FailureContext[] = [
  {},
  { audience: 'cli' },
  { action: 'check Acme Status', subject: 'page', subdomain: 'acme', server: 'https://statuspal.io/api/v2' },
  { action: 'check Acme Status', subject: 'page', subdomain: 'acme', server: 'http://127.0.0.1:4010', audience: 'cli' },
  { action: 'check Nimbus Cloud', subject: 'provider', server: 'https://status.nimbus.example' },
  { action: 'read the incident “Database down”', subject: 'item', noun: 'incident', subdomain: 'acme' },
  { action: 'add an update to “Database down”', subject: 'write' },
  { action: 'add an update to “Database down”', subject: 'write', audience: 'cli' },
  { subject: 'account' },
  { subject: 'translation' },
  { subject: 'operations' },
];

const OPERATION_IDS = new RegExp(`\\b(?:${OPERATION_NAMES.join('|')})\\b`);
const METHOD_AND_PATH = /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD) \//;
const TEMPLATE = /\{[A-Za-z]+\}/;
/** The app's own enum values with an underscore (not_found, partial_outage, needs_look…) and the RPC status names. */
const RAW_VALUES = [
  ...ERROR_CODES,
  ...COMPONENT_STATUSES,
  ...OUTBOX_STATES,
  ...OUTBOX_WAIT_REASONS,
  ...CONNECTION_FAILURES,
  ...Object.keys(RPC_STATUS_HTTP),
  'translations_unavailable',
  'unsupported_pair',
  'invalid_key',
  'bad_request',
  'server_error',
].filter((value) => value.includes('_') || value === value.toUpperCase());

const RAW_VALUE = new RegExp(`\\b(?:${RAW_VALUES.join('|')})\\b`);

/** Checked without expect() first: hundreds of thousands of sentences, and a failure names the one at fault. */
function expectPeopleWords(text: string, from: string): void {
  const clean =
    !OPERATION_IDS.test(text) && !METHOD_AND_PATH.test(text) && !TEMPLATE.test(text) && !RAW_VALUE.test(text) && text.trim() !== '' && /[.!?]$/.test(text);
  if (clean) return;
  expect(text, from).not.toMatch(OPERATION_IDS);
  expect(text, from).not.toMatch(METHOD_AND_PATH);
  expect(text, from).not.toMatch(TEMPLATE);
  expect(text, from).not.toMatch(RAW_VALUE);
  expect(text, from).toMatch(/[.!?]$/);
}

function throughEveryContext(error: unknown, from: string): string[] {
  return CONTEXTS.map((context) => {
    const words = failureWords(error, context);
    expectPeopleWords(words.text, `${from} in ${JSON.stringify(context)}`);
    return words.text;
  });
}

function contextOf(name: OperationName): RequestContext {
  const spec = STATUS_PAGE_OPERATIONS[name];
  return { operation: name, method: spec.method, path: spec.path, kind: spec.kind };
}

const STATUSES = [400, 401, 402, 403, 404, 405, 408, 409, 410, 418, 422, 429, 500, 501, 502, 503, 504];
const NETWORK_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'ETIMEDOUT', 'CERT_HAS_EXPIRED', 'UND_ERR_SOCKET', undefined];

function networkFailure(code: string | undefined): Error {
  return Object.assign(new TypeError('fetch failed'), code === undefined ? {} : { cause: Object.assign(new Error('inner'), { code }) });
}

describe('every failure in people’s words', () => {
  it('every ErrorCode, with and without a sentence of its own', () => {
    for (const code of ERROR_CODES) {
      throughEveryContext(new AppError(code, ''), `${code} without a message`);
      throughEveryContext({ code, message: `something about ${code.replace(/_/g, ' ')}` }, `${code} shape`);
    }
  });

  // One test an operation: each is a few hundred checks, and together they were most of a pure unit test's time.
  it.each(OPERATION_NAMES)('every status of %s, with and without a reason from the server', (name) => {
    for (const status of STATUSES) {
      for (const body of [undefined, { error: status }, { errors: { title: ["can't be blank"] } }, { message: 'Title is too long' }]) {
        const error = errorForStatus(status, contextOf(name), body, status === 429 ? { waitMs: 5_000, askedMs: 5_000, now: Date.now() } : undefined);
        throughEveryContext(error, `${name} ${status} ${JSON.stringify(body)}`);
        // What crossed the IPC or was stored in the outbox: the same words.
        throughEveryContext(error.toShape(), `${name} ${status} as a shape`);
      }
    }
  });

  it('network failures, time-outs, cancels, unreadable answers and refused input of the status page client', () => {
    for (const name of ['getPageSummary', 'addIncidentUpdate', 'deleteIncident'] as const) {
      const context = contextOf(name);
      for (const code of NETWORK_CODES) throughEveryContext(errorForNetworkFailure(networkFailure(code), context), `${name} network ${code}`);
      throughEveryContext(errorForTimeout(context, 15_000), `${name} timeout`);
      throughEveryContext(errorForCancel(context), `${name} cancel`);
      throughEveryContext(errorForInvalidResponse(context, 'the body is not JSON', 200), `${name} invalid response`);
      throughEveryContext(errorForInvalidInput(context, 'incidentId is required'), `${name} invalid input`);
    }
  });

  it('messages an older version stored in the outbox, with the operation and its path in front', () => {
    const stored = [
      { code: 'not_found', status: 404, message: 'getPageSummary (GET /status_pages/{subdomain}/summary): not found (404)' },
      {
        code: 'forbidden',
        status: 403,
        message: 'addIncidentUpdate (POST /status_pages/{subdomain}/incidents/{incidentId}/updates): the API key may not do this (403)',
      },
      { code: 'http', status: 422, message: 'createIncident (POST /status_pages/{subdomain}/incidents): the server answered HTTP 422' },
    ] as const;
    for (const shape of stored) {
      const texts = throughEveryContext(shape, shape.message);
      expect(texts[0]).not.toContain('(POST');
    }
  });

  it('translation errors', () => {
    const contexts: translation.TranslationCallContext[] = [
      { method: 'POST', path: '/translate' },
      { method: 'GET', path: '/public/languages' },
    ];
    for (const context of contexts) {
      for (const status of STATUSES) {
        for (const body of [undefined, '{"message":"Your word allowance is used up"}', '{"message":"language pair not supported"}']) {
          throughEveryContext(translation.errorForStatus(status, context, body), `translation ${context.path} ${status}`);
        }
      }
      for (const code of NETWORK_CODES) throughEveryContext(translation.networkError(context, networkFailure(code), []), `translation network ${code}`);
      throughEveryContext(translation.timeoutError(context, 80_000), 'translation timeout');
      throughEveryContext(translation.cancelledError(context), 'translation cancel');
      throughEveryContext(translation.invalidResponse(context, 'no translations in the answer'), 'translation invalid response');
      throughEveryContext(translation.notResent(translation.networkError(context, networkFailure('ECONNRESET'), [])), 'translation not resent');
    }
    throughEveryContext(translation.noKeyError(), 'translation no key');
    throughEveryContext(translation.unsupportedPairError('de', 'xx'), 'translation unsupported pair');
  });

  it('operations errors: every answer of the delete, its network failures and the sign-in’s', async () => {
    const NAME = 'projects/p/locations/l/operations/op-1';
    const tokenProvider: AccessTokenProvider = {
      checkDestination: async () => undefined,
      getAccessToken: async () => 'token-1',
      refresh: async () => 'token-2',
      describe: () => ({ kind: 'env', variable: 'X' }) as never,
    };
    const answers: Array<[number, string]> = [
      ...(Object.keys(RPC_STATUS_HTTP) as RpcStatus[]).map((rpc): [number, string] => [RPC_STATUS_HTTP[rpc], JSON.stringify(rpcErrorBody(rpc, `said ${rpc}`))]),
      [404, '<html>Not found</html>'],
      [302, ''],
      [200, '<html>captive portal</html>'],
    ];
    for (const [status, body] of answers) {
      const client = new OperationsClient({
        baseUrl: 'https://ops.example.com',
        tokenProvider,
        attempts: 1,
        sleep: async () => undefined,
        fetch: async () => new Response(status === 302 ? null : body, { status, headers: status === 302 ? { location: '/x' } : {} }),
      });
      const error = await client.forget(NAME).then(
        () => null,
        (caught: unknown) => caught,
      );
      if (error !== null) throughEveryContext(error, `operations ${status} ${body}`);
    }
    for (const code of NETWORK_CODES)
      throughEveryContext(operationsNetwork.errorForNetworkFailure(networkFailure(code), `Forgetting ${NAME}`), `operations network ${code}`);
    throughEveryContext(operationsNetwork.errorForTimeout(`Forgetting ${NAME}`, 30_000), 'operations timeout');
    throughEveryContext(operationsNetwork.errorForCancel(`Forgetting ${NAME}`), 'operations cancel');
    throughEveryContext(oauthFailure(networkFailure('ENOTFOUND'), 'Signing in'), 'oauth network');
  });

  it('anything that is not a typed failure says only that something went wrong', () => {
    for (const thrown of [new Error('at Object.<anonymous> (/home/x/secret.ts:1:1)'), 'a string', null, undefined, { code: 'ENOENT', message: 'open /x' }]) {
      expect(failureWords(thrown).text).toBe('Something went wrong inside Statusdesk.');
    }
  });

  it('says what failed, why and what to do', () => {
    const missing = errorForStatus(404, contextOf('getPageSummary'), { error: 404 }, undefined);
    expect(failureWords(missing, { action: 'check Acme Status', subject: 'page', subdomain: 'acme', server: 'https://statuspal.io/api/v2' })).toEqual({
      what: 'Could not check Acme Status',
      why: 'there is no status page "acme" on https://statuspal.io/api/v2 (404)',
      todo: "check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region",
      text: 'Could not check Acme Status: there is no status page "acme" on https://statuspal.io/api/v2 (404). Check the subdomain, the first part of the page\'s address (acme for acme.statuspal.io), and the region.',
    });
    const readOnly = errorForStatus(403, contextOf('addIncidentUpdate'), { error: 403 }, undefined);
    expect(failureWords(readOnly, { action: 'add an update to “Database down”', subject: 'write' }).text).toBe(
      'Could not add an update to “Database down”: the API key may not make this change (403): a read-only key, or a role that may not change this. Add a read-write key for this account in Settings, then retry, or discard the change.',
    );
    const refused = errorForStatus(422, contextOf('createIncident'), { errors: { service_ids: ['includes an unknown service'] } }, undefined);
    expect(failureWords(refused, { audience: 'cli' }).text).toBe(
      'The server refused the data (422): service ids includes an unknown service. Correct it and try again.',
    );
  });
});

describe('levels in people’s words', () => {
  it('every base level with every provider status, page indicator and a custom type: never the raw value', () => {
    const types = [
      null,
      undefined,
      '',
      ...BASE_LEVELS,
      ...COMPONENT_STATUSES,
      'none',
      'critical',
      'maintenance',
      'emergency-maintenance',
      'performance',
      'data_loss',
    ];
    for (const level of BASE_LEVELS) {
      for (const type of types) {
        const words = levelWords(level, type);
        expect(words, `${level} ${type}`).not.toMatch(/_/);
        expect(words, `${level} ${type}`).not.toMatch(/^[a-z]/);
        if (type) expect(words, `${level} ${type}`).not.toContain(`(${type})`);
      }
    }
    expect(levelWords('major', 'partial_outage')).toBe('Partial outage');
    expect(levelWords('minor', 'performance')).toBe('Performance (minor incident)');
    expect(levelWords('scheduled', 'emergency-maintenance')).toBe('Emergency maintenance (maintenance)');
    expect(levelWords('operational', null)).toBe('Operational');
  });
});
