/**
 * In-memory records of the simulated service. Times are epoch ms (UTC, whole seconds) and are formatted
 * only when serialised. `extra` keeps fields a client (or a captured fixture) sent that the simulator does
 * not model, so they come back unchanged as on the real service.
 */
export type BaseLevel = 'major' | 'minor' | 'scheduled';
export const BASE_LEVELS: readonly BaseLevel[] = ['major', 'minor', 'scheduled'];
export type Role = 'viewer' | 'editor' | 'admin' | 'owner' | 'billing';
export const PAGE_ROLES: readonly Role[] = ['viewer', 'editor', 'admin', 'owner'];
export const ORG_ROLES: readonly Role[] = ['viewer', 'editor', 'admin', 'owner', 'billing'];
export type Extra = Record<string, unknown>;

export interface Org {
  id: number;
  name: string;
  insertedAt: number;
  updatedAt: number;
  members: Map<number, Membership>;
  extra: Extra;
}

export interface User {
  id: number;
  email: string;
  name: string | null;
}

export interface Membership {
  id: number;
  userId: number;
  role: Role;
  insertedAt: number;
  updatedAt: number;
  extra: Extra;
}

export type KeyRecord =
  | { id: string; raw: string; kind: 'org'; orgId: number; access: 'read' | 'write'; label?: string }
  | { id: string; raw: string; kind: 'user'; userId: number; label?: string };

export interface Update {
  id: number;
  type: string;
  description: string;
  descriptionHtml: string;
  postedAt: number;
  insertedAt: number;
  updatedAt: number;
  subscribersNotifiedAt: number | null;
  translations: unknown;
  tweet: unknown;
  extra: Extra;
}

export interface Incident {
  id: number;
  type: string;
  title: string;
  url: string;
  startsAt: number;
  endsAt: number | null;
  serviceIds: number[];
  /** Newest first, as the service lists them. */
  updates: Update[];
  insertedAt: number;
  updatedAt: number;
  timezone: unknown;
  affectsUptime: unknown;
  translations: unknown;
  /** Set when resolved (or written with an end in the past); non-scheduled incidents are open while null. */
  closedAt: number | null;
  /** ends_at before a resolve shortened it, restored if the resolving update is removed. */
  endsAtBeforeClose: number | null;
  extra: Extra;
}

export interface Notice {
  id: number;
  title: string;
  url: string;
  updates: Update[];
  serviceIds: number[];
  featuredFrom: number | null;
  featuredUntil: number | null;
  insertedAt: number;
  updatedAt: number;
  timezone: unknown;
  translations: unknown;
  extra: Extra;
}

export interface Service {
  id: number;
  name: string;
  description: unknown;
  privateDescription: unknown;
  parentId: number | null;
  monitoring: unknown;
  pingUrl: unknown;
  private: boolean;
  order: number;
  autoIncident: boolean;
  translations: unknown;
  /** undefined: follow incidents; a type or null (operational): set directly (control or seed). */
  manualLevel: string | null | undefined;
  insertedAt: number;
  updatedAt: number;
  extra: Extra;
}

export type SubscriptionKind = 'email' | 'sms' | 'chat';

export interface Subscription {
  id: string;
  seq: number;
  kind: SubscriptionKind;
  email: string | null;
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  webhookUrl: string | null;
  serviceIds: number[] | null;
  insertedAt: number;
  updatedAt: number;
  extra: Extra;
}

export interface Webhook {
  id: number;
  url: string;
  events: string[];
  insertedAt: number;
  updatedAt: number;
  extra: Extra;
}

export interface AccessGroup {
  id: number;
  name: string;
  serviceIds: number[];
  insertedAt: number;
  updatedAt: number;
  extra: Extra;
}

export interface MetricEntry {
  time: number;
  value: number;
}

export interface Metric {
  id: number;
  name: string;
  entries: MetricEntry[];
}

export interface Page {
  subdomain: string;
  orgId: number;
  name: string;
  url: string;
  timeZone: string;
  extra: Extra;
  insertedAt: number;
  updatedAt: number;
  /** Prefix of incident/notice `url`s, e.g. https://acme.statuspal.io */
  publicBase: string;
  /** Custom incident types and their base level (major/minor/scheduled are always known). */
  incidentTypes: Map<string, BaseLevel>;
  /** Omit `current_status_type` and `info_notices` from summaries, as older pages do. */
  legacySummary: boolean;
  services: Map<number, Service>;
  incidents: Map<number, Incident>;
  /** Incidents that may still count (not closed, maintenance not seen ended): keeps summaries O(live). */
  live: Set<Incident>;
  notices: Map<number, Notice>;
  subscriptions: Map<string, Subscription>;
  webhooks: Map<number, Webhook>;
  accessGroups: Map<number, AccessGroup>;
  members: Map<number, Membership>;
  metrics: Map<number, Metric>;
  /** Bumped on every incident write; list caches key on it. */
  incidentVersion: number;
}
