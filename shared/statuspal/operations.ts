import type { z } from 'zod';
import { accessGroupInputSchema, accessGroupSchema } from './schemas/access-group';
import type { Links, Meta } from './schemas/common';
import { helloResponseSchema } from './schemas/hello';
import {
  incidentInputSchema,
  incidentPatchSchema,
  incidentSchema,
  incidentUpdateInputSchema,
  incidentUpdatePatchSchema,
  incidentUpdateSchema,
} from './schemas/incident';
import {
  infoNoticeInputSchema,
  infoNoticePatchSchema,
  infoNoticeSchema,
  infoNoticeUpdateInputSchema,
  infoNoticeUpdatePatchSchema,
  infoNoticeUpdateSchema,
} from './schemas/info-notice';
import { memberInputSchema, memberSchema } from './schemas/member';
import { metricEntryInputSchema, metricEntrySchema } from './schemas/metric';
import { cursorQuerySchema, incidentListQuerySchema, memberListQuerySchema, subscriptionListQuerySchema } from './schemas/query';
import { serviceInputSchema, servicePatchSchema, serviceSchema, serviceStatusSchema } from './schemas/service';
import { statusPageInfoSchema, statusPageInputSchema, statusPageSchema } from './schemas/status-page';
import { subscriptionInputSchema, subscriptionSchema } from './schemas/subscription';
import { pageSummarySchema, serviceSummarySchema } from './schemas/summary';
import { webhookInputSchema, webhookSchema } from './schemas/webhook';

/*
 * The operation table: one row per API operation. The client, its tests, the contract tests
 * and the docs are all driven from it, so a path or an auth rule lives in exactly one place.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `none`: no key is sent, even when one is configured. `key`: the raw key in `Authorization`. */
export type OperationAuth = 'none' | 'key';
/** Reads are retried automatically; writes never are. */
export type OperationKind = 'read' | 'write';

export type ResponseSpec =
  /** The whole body is the result (hello, summaries). */
  | { readonly kind: 'object'; readonly schema: z.ZodType }
  /** `{ <key>: item }`, the item is the result. */
  | { readonly kind: 'single'; readonly key: string; readonly schema: z.ZodType }
  /** `{ <key>: [...], links, meta }`; `paginated`: `links.next` may be followed. */
  | { readonly kind: 'list'; readonly key: string; readonly schema: z.ZodType; readonly paginated: boolean }
  /** Successful DELETE: empty body, `""` or `{}`; the result is void. */
  | { readonly kind: 'empty' };

/** Request body `{ <key>: <object> }`; the caller passes the object under the same key. */
export interface BodySpec {
  readonly key: string;
  readonly schema: z.ZodType;
  readonly required: boolean;
}

export interface OperationSpec {
  readonly method: HttpMethod;
  /** Relative to the base URL (which ends in `/api/v2`); `{name}` segments are path parameters. */
  readonly path: string;
  readonly auth: OperationAuth;
  readonly kind: OperationKind;
  readonly query?: z.ZodObject | undefined;
  readonly body?: BodySpec | undefined;
  readonly response: ResponseSpec;
  readonly description: string;
}

const object = <const S extends z.ZodType>(schema: S) => ({ kind: 'object', schema }) as const;
const single = <const K extends string, const S extends z.ZodType>(key: K, schema: S) => ({ kind: 'single', key, schema }) as const;
const list = <const K extends string, const S extends z.ZodType, const P extends boolean>(key: K, schema: S, paginated: P) =>
  ({ kind: 'list', key, schema, paginated }) as const;
const EMPTY = { kind: 'empty' } as const;
const body = <const K extends string, const S extends z.ZodType, const R extends boolean = true>(key: K, schema: S, required?: R) =>
  ({ key, schema, required: (required ?? true) as R }) as const;

function read<const P extends string, const A extends OperationAuth, const R extends ResponseSpec, const Q extends z.ZodObject | undefined = undefined>(
  path: P,
  auth: A,
  response: R,
  description: string,
  query?: Q,
) {
  return { method: 'GET', path, auth, kind: 'read', response, description, query: query as Q } as const;
}

/** Every write needs the key. */
function write<
  const M extends 'POST' | 'PUT' | 'DELETE',
  const P extends string,
  const R extends ResponseSpec,
  const B extends BodySpec | undefined = undefined,
>(method: M, path: P, response: R, description: string, bodySpec?: B) {
  return { method, path, auth: 'key', kind: 'write', response, description, body: bodySpec as B } as const;
}

const SP = '/status_pages/{subdomain}';
const ORG = '/orgs/{organizationId}';

export const STATUS_PAGE_OPERATIONS = {
  hello: read('/hello', 'none', object(helloResponseSchema), 'Check that the API answers'),

  // Status and summary
  getPageStatus: read(`${SP}/status`, 'none', single('status_page', statusPageInfoSchema), 'Status of a status page'),
  getServiceStatus: read(`${SP}/services/{serviceId}/status`, 'none', single('service', serviceStatusSchema), 'Status of a service'),
  getPageSummary: read(`${SP}/summary`, 'none', object(pageSummarySchema), 'Summary of a status page'),
  getServiceSummary: read(`${SP}/services/{serviceId}/summary`, 'none', object(serviceSummarySchema), 'Summary of a service'),

  // Incidents and incident updates
  listIncidents: read(`${SP}/incidents`, 'none', list('incidents', incidentSchema, true), 'List incidents', incidentListQuerySchema),
  createIncident: write('POST', `${SP}/incidents`, single('incident', incidentSchema), 'Create an incident', body('incident', incidentInputSchema)),
  getIncident: read(`${SP}/incidents/{incidentId}`, 'none', single('incident', incidentSchema), 'Get an incident'),
  updateIncident: write('PUT', `${SP}/incidents/{incidentId}`, single('incident', incidentSchema), 'Update an incident', body('incident', incidentPatchSchema)),
  deleteIncident: write('DELETE', `${SP}/incidents/{incidentId}`, EMPTY, 'Delete an incident (permanent)'),
  addIncidentUpdate: write(
    'POST',
    `${SP}/incidents/{incidentId}/updates`,
    single('update', incidentUpdateSchema),
    'Add an incident update (type "resolved" closes the incident)',
    body('update', incidentUpdateInputSchema),
  ),
  changeIncidentUpdate: write(
    'PUT',
    `${SP}/incidents/{incidentId}/updates/{updateId}`,
    single('update', incidentUpdateSchema),
    'Change an incident update',
    body('update', incidentUpdatePatchSchema),
  ),
  deleteIncidentUpdate: write('DELETE', `${SP}/incidents/{incidentId}/updates/{updateId}`, EMPTY, 'Delete an incident update (permanent)'),

  // Information notices
  listInfoNotices: read(`${SP}/info_notices`, 'none', list('info_notices', infoNoticeSchema, true), 'List information notices', cursorQuerySchema),
  createInfoNotice: write(
    'POST',
    `${SP}/info_notices`,
    single('info_notice', infoNoticeSchema),
    'Create an information notice',
    body('info_notice', infoNoticeInputSchema),
  ),
  getInfoNotice: read(`${SP}/info_notices/{infoNoticeId}`, 'none', single('info_notice', infoNoticeSchema), 'Get an information notice'),
  updateInfoNotice: write(
    'PUT',
    `${SP}/info_notices/{infoNoticeId}`,
    single('info_notice', infoNoticeSchema),
    'Update an information notice',
    body('info_notice', infoNoticePatchSchema),
  ),
  deleteInfoNotice: write('DELETE', `${SP}/info_notices/{infoNoticeId}`, EMPTY, 'Delete an information notice (permanent)'),
  addInfoNoticeUpdate: write(
    'POST',
    `${SP}/info_notices/{infoNoticeId}/updates`,
    single('update', infoNoticeUpdateSchema),
    'Add an information notice update',
    body('update', infoNoticeUpdateInputSchema),
  ),
  changeInfoNoticeUpdate: write(
    'PUT',
    `${SP}/info_notices/{infoNoticeId}/updates/{updateId}`,
    single('update', infoNoticeUpdateSchema),
    'Change an information notice update',
    body('update', infoNoticeUpdatePatchSchema),
  ),
  deleteInfoNoticeUpdate: write('DELETE', `${SP}/info_notices/{infoNoticeId}/updates/{updateId}`, EMPTY, 'Delete an information notice update'),

  // Metrics
  addMetricEntry: write(
    'POST',
    `${SP}/metrics/{metricId}/entries`,
    single('entry', metricEntrySchema),
    'Add a data point to a custom metric',
    body('entry', metricEntryInputSchema),
  ),

  // Subscriptions (ids are strings)
  listSubscriptions: read(`${SP}/subscriptions`, 'key', list('subscriptions', subscriptionSchema, true), 'List subscriptions', subscriptionListQuerySchema),
  addSubscription: write(
    'POST',
    `${SP}/subscriptions`,
    single('subscription', subscriptionSchema),
    'Add a subscription (email, SMS or chat service)',
    body('subscription', subscriptionInputSchema),
  ),
  getSubscription: read(`${SP}/subscriptions/{subscriptionId}`, 'key', single('subscription', subscriptionSchema), 'Get a subscription'),
  updateSubscription: write(
    'PUT',
    `${SP}/subscriptions/{subscriptionId}`,
    single('subscription', subscriptionSchema),
    'Update a subscription',
    body('subscription', subscriptionInputSchema),
  ),
  deleteSubscription: write('DELETE', `${SP}/subscriptions/{subscriptionId}`, EMPTY, 'Delete a subscription'),

  // Status pages of an organization
  listStatusPages: read(`${ORG}/status_pages`, 'key', list('status_pages', statusPageSchema, true), 'List status pages of an organization'),
  addStatusPage: write(
    'POST',
    `${ORG}/status_pages`,
    single('status_page', statusPageSchema),
    'Add a status page',
    body('status_page', statusPageInputSchema, false),
  ),
  getStatusPage: read(`${ORG}/status_pages/{subdomain}`, 'key', single('status_page', statusPageSchema), 'Get a status page'),
  updateStatusPage: write(
    'PUT',
    `${ORG}/status_pages/{subdomain}`,
    single('status_page', statusPageSchema),
    'Update a status page',
    body('status_page', statusPageInputSchema),
  ),
  deleteStatusPage: write('DELETE', `${ORG}/status_pages/{subdomain}`, EMPTY, 'Delete a status page (permanent)'),

  // Services (admin)
  listServices: read(`${SP}/services`, 'key', list('services', serviceSchema, true), 'List services'),
  addService: write('POST', `${SP}/services`, single('service', serviceSchema), 'Add a service', body('service', serviceInputSchema)),
  getService: read(`${SP}/services/{serviceId}`, 'key', single('service', serviceSchema), 'Get a service'),
  updateService: write('PUT', `${SP}/services/{serviceId}`, single('service', serviceSchema), 'Update a service', body('service', servicePatchSchema)),
  deleteService: write('DELETE', `${SP}/services/{serviceId}`, EMPTY, 'Delete a service (permanent)'),

  // Webhooks (list has no links or meta)
  listWebhooks: read(`${SP}/webhooks`, 'key', list('webhooks', webhookSchema, false), 'List webhooks'),
  addWebhook: write('POST', `${SP}/webhooks`, single('webhook', webhookSchema), 'Add a webhook', body('webhook', webhookInputSchema)),
  getWebhook: read(`${SP}/webhooks/{webhookId}`, 'key', single('webhook', webhookSchema), 'Get a webhook'),
  updateWebhook: write('PUT', `${SP}/webhooks/{webhookId}`, single('webhook', webhookSchema), 'Update a webhook', body('webhook', webhookInputSchema)),
  deleteWebhook: write('DELETE', `${SP}/webhooks/{webhookId}`, EMPTY, 'Delete a webhook'),

  // Access groups (list has no links or meta)
  listAccessGroups: read(`${SP}/access_groups`, 'key', list('access_groups', accessGroupSchema, false), 'List access groups'),
  addAccessGroup: write(
    'POST',
    `${SP}/access_groups`,
    single('access_group', accessGroupSchema),
    'Add an access group',
    body('access_group', accessGroupInputSchema),
  ),
  getAccessGroup: read(`${SP}/access_groups/{accessGroupId}`, 'key', single('access_group', accessGroupSchema), 'Get an access group'),
  updateAccessGroup: write(
    'PUT',
    `${SP}/access_groups/{accessGroupId}`,
    single('access_group', accessGroupSchema),
    'Update an access group',
    body('access_group', accessGroupInputSchema),
  ),
  deleteAccessGroup: write('DELETE', `${SP}/access_groups/{accessGroupId}`, EMPTY, 'Delete an access group'),

  // Status page members (no single-member read)
  listPageMembers: read(`${SP}/members`, 'key', list('members', memberSchema, true), 'List status page members', memberListQuerySchema),
  addPageMember: write('POST', `${SP}/members`, single('member', memberSchema), 'Add a status page membership', body('member', memberInputSchema)),
  updatePageMember: write(
    'PUT',
    `${SP}/members/{memberId}`,
    single('member', memberSchema),
    'Update a status page membership',
    body('member', memberInputSchema),
  ),
  deletePageMember: write('DELETE', `${SP}/members/{memberId}`, EMPTY, 'Delete a status page membership'),

  // Organization members (no single-member read)
  listOrgMembers: read(`${ORG}/members`, 'key', list('members', memberSchema, true), 'List organization members', memberListQuerySchema),
  addOrgMember: write('POST', `${ORG}/members`, single('member', memberSchema), 'Add an organization membership', body('member', memberInputSchema)),
  updateOrgMember: write(
    'PUT',
    `${ORG}/members/{memberId}`,
    single('member', memberSchema),
    'Update an organization membership',
    body('member', memberInputSchema),
  ),
  deleteOrgMember: write('DELETE', `${ORG}/members/{memberId}`, EMPTY, 'Delete an organization membership'),
} as const satisfies Record<string, OperationSpec>;

export type StatusPageOperations = typeof STATUS_PAGE_OPERATIONS;
export type OperationName = keyof StatusPageOperations;

export const OPERATION_NAMES = Object.keys(STATUS_PAGE_OPERATIONS) as OperationName[];

export interface OperationRow {
  name: OperationName;
  method: HttpMethod;
  path: string;
  auth: OperationAuth;
  kind: OperationKind;
  description: string;
  pathParams: string[];
  queryParams: string[];
  bodyKey: string | null;
}

/** Names of the `{...}` segments of a path template, in order. */
export function pathParamsOf(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Flat, serialisable view of the table for docs and table-driven tests (built on call: it reads every query's schema). */
export const statusPageOperationTable = (): readonly OperationRow[] =>
  OPERATION_NAMES.map((name) => {
    const spec: OperationSpec = STATUS_PAGE_OPERATIONS[name];
    return {
      name,
      method: spec.method,
      path: spec.path,
      auth: spec.auth,
      kind: spec.kind,
      description: spec.description,
      pathParams: pathParamsOf(spec.path),
      queryParams: spec.query ? Object.keys(spec.query.shape) : [],
      bodyKey: spec.body?.key ?? null,
    };
  });

// ---- Types derived from the table --------------------------------------------------------

type Spec<N extends OperationName> = StatusPageOperations[N];

type PathParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParamNames<Rest> : never;

/** `subdomain` and `subscriptionId` are strings; the other ids are integers (strings accepted). */
type PathParamValue<K extends string> = K extends 'subdomain' | 'subscriptionId' ? string : number | string;

type PathInput<P extends string> = { [K in PathParamNames<P>]: PathParamValue<K> };
type QueryInput<S> = S extends { query: infer Q extends z.ZodType } ? z.input<Q> : unknown;
type BodyInput<S> = S extends { body: { key: infer K extends string; schema: infer B extends z.ZodType; required: infer R } }
  ? R extends true
    ? { [P in K]: z.input<B> }
    : { [P in K]?: z.input<B> }
  : unknown;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a call takes: path parameters, query parameters and the body under its wrapper key. */
export type OperationInput<N extends OperationName> = Simplify<PathInput<Spec<N>['path']> & QueryInput<Spec<N>> & BodyInput<Spec<N>>>;

/** One page of a list. `links`/`meta` are null for lists that have none (webhooks, access groups). */
export interface ListPage<T> {
  items: T[];
  links: Links | null;
  meta: Meta | null;
}

type ResponseOutput<R> = R extends { kind: 'object'; schema: infer S extends z.ZodType }
  ? z.output<S>
  : R extends { kind: 'single'; schema: infer S extends z.ZodType }
    ? z.output<S>
    : R extends { kind: 'list'; schema: infer S extends z.ZodType }
      ? ListPage<z.output<S>>
      : void;

/** What a call resolves to: the unwrapped item, a list page, the whole object, or void (DELETE). */
export type OperationOutput<N extends OperationName> = ResponseOutput<Spec<N>['response']>;

/** Lists whose `links.next` can be followed. */
export type PaginatedOperationName = {
  [N in OperationName]: Spec<N>['response'] extends { kind: 'list'; paginated: true } ? N : never;
}[OperationName];

export type ListItem<N extends PaginatedOperationName> = OperationOutput<N> extends ListPage<infer T> ? T : never;

/** Operations that need no argument at all. */
export type NoInputOperationName = {
  [N in OperationName]: keyof OperationInput<N> extends never ? N : never;
}[OperationName];
