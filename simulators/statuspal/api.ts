import type { DeleteBody, LinkStyle } from './context';
import type { FaultRule } from './faults';
import type { BaseLevel, Role } from './model';
import type { RateLimitConfig } from './rate-limit';
import type { LargeSeedCounts } from './seeds/large';
import type { SeedSummaryOptions, SeedSummaryResult } from './seeds/summary';
import type { DemoKeys } from './seeds/base';
import type { OfflineMode } from './server';
import type { TextStyle } from './text-style';
import type { WriteLogEntry } from './write-log';

/** Public types of the simulator: start options, control inputs, the simulator handle. */

/** `large`: a large company's page as `acme` (seeds/large.ts), its counts given or the issue's. */
export type SeedOption = 'demo' | 'empty' | { summaries: unknown[] } | { large: Partial<LargeSeedCounts> };

export interface StartOptions {
  /** default 0 = the OS picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** default 'demo' */
  seed?: SeedOption;
  /** default 100 requests per 10 s per key (or per client IP); false disables */
  rateLimit?: RateLimitConfig | false;
  /** style of `links.next/prev`; default absolute */
  linkStyle?: LinkStyle;
  /** body of a successful DELETE (always status 200); default `""` as seen on the real service */
  deleteBody?: DeleteBody;
  /** status of successful creations; default 201 */
  createStatus?: 200 | 201;
  /** serve /__control/*; default true */
  control?: boolean;
  /**
   * Initial clock. Default: real time, or for `{summaries}` seeds the latest capture instant.
   * When given, the clock is frozen unless `freezeClock: false`.
   */
  now?: Date;
  freezeClock?: boolean;
  /** seed of the fault PRNG and of generated UUIDs; default 1 */
  randomSeed?: number;
  /** how text sent in writes is kept (text-style.ts); default verbatim */
  textStyle?: TextStyle;
}

export type DateInput = Date | string | number;

export interface OpenIncidentInput {
  page: string;
  /** default major */
  type?: string;
  title: string;
  services?: number[];
  /** first update's description; default: the title */
  message?: string;
  /** first update's type; default issue */
  updateType?: string;
  startsAt?: DateInput;
  notify?: boolean;
}

export interface AddUpdateInput {
  page: string;
  incidentId: number;
  /** default update */
  type?: string;
  message: string;
}

export interface ResolveIncidentInput {
  page: string;
  incidentId: number;
  /** default "Resolved" */
  message?: string;
}

export interface SetServiceLevelInput {
  page: string;
  serviceId: number;
  /** an incident type, null for operational, or 'auto' to follow incidents again */
  level: string | null;
}

export interface ScheduleMaintenanceInput {
  page: string;
  title: string;
  startsAt: DateInput;
  endsAt?: DateInput | null;
  services?: number[];
  /** default scheduled; a custom type with base scheduled works too */
  type?: string;
  message?: string;
}

export interface PostNoticeInput {
  page: string;
  title: string;
  message?: string;
  services?: number[];
  featuredFrom?: DateInput;
  featuredUntil?: DateInput | null;
}

export interface RemoveNoticeInput {
  page: string;
  noticeId: number;
}

export type AddKeyInput =
  | { kind: 'org'; orgId: number; access: 'read' | 'write'; key?: string }
  | {
      kind: 'user';
      email: string;
      name?: string;
      key?: string;
      /** memberships to create (or change) for this user */
      roles?: ({ page: string; role: Exclude<Role, 'billing'> } | { orgId: number; role: Role })[];
    };

export interface SetIncidentTypeInput {
  page: string;
  type: string;
  base: BaseLevel;
}

export interface OfflineOptions {
  /** default refuse (listener closed) */
  mode?: OfflineMode;
  /** come back online by itself after this many ms */
  forMs?: number;
}

export type Json = Record<string, unknown>;
export type IncidentJson = Json & { id: number; type: string; title: string };
export type UpdateJson = Json & { id: number };
export type NoticeJson = Json & { id: number; title: string };

export interface SimulatorState {
  now: string;
  frozen: boolean;
  offline: OfflineMode | null;
  pages: string[];
  faults: FaultRule[];
  rateLimit: RateLimitConfig | false;
}

/** Control methods: in-process on the simulator, and the same names over HTTP (/__control/<name>). */
export interface SimulatorControl {
  openIncident(input: OpenIncidentInput): IncidentJson;
  addUpdate(input: AddUpdateInput): UpdateJson;
  resolveIncident(input: ResolveIncidentInput): IncidentJson;
  setServiceLevel(input: SetServiceLevelInput): Json;
  scheduleMaintenance(input: ScheduleMaintenanceInput): IncidentJson;
  postNotice(input: PostNoticeInput): NoticeJson;
  removeNotice(input: RemoveNoticeInput): void;
  setIncidentType(input: SetIncidentTypeInput): void;
  addMetric(input: { page: string; name: string }): { id: number };
  summary(page: string): Json;
  now(): Date;
  advanceClock(ms: number): Date;
  setClock(at: DateInput): Date;
  freezeClock(frozen: boolean): void;
  addKey(input: AddKeyInput): { id: string; key: string };
  revokeKey(key: string): boolean;
  setFaults(rules: FaultRule | FaultRule[]): void;
  addFault(rule: FaultRule): void;
  clearFaults(): void;
  /** the next `count` API requests get 429 with Retry-After */
  rateLimitBurst(count: number, retryAfterSeconds?: number): void;
  setRateLimit(config: RateLimitConfig | false): void;
  /** how text sent in writes is kept from now on (reset() restores the start option) */
  setTextStyle(style: TextStyle): void;
  goOffline(options?: OfflineOptions): Promise<void>;
  goOnline(): Promise<void>;
  writeLog(filter?: { method?: string; pathPrefix?: string; op?: string }): WriteLogEntry[];
  clearWriteLog(): void;
  requestCount(pathPrefix?: string): number;
  /** The most API requests in progress at once (received, not yet answered) on one path under the prefix; reset by clearRequestCounts. */
  peakRequestsInProgress(pathPrefix?: string): number;
  requestCounts(): Record<string, number>;
  clearRequestCounts(): void;
  reset(): Promise<void>;
  seedSummary(doc: unknown, options?: SeedSummaryOptions): SeedSummaryResult;
  state(): SimulatorState;
}

export interface StatusPageSimulator extends SimulatorControl {
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** origin + '/api/v2' */
  readonly baseUrl: string;
  readonly port: number;
  /** keys of the base seed (present in every seed mode) */
  readonly keys: DemoKeys;
  /**
   * Requests held with no answer on purpose right now (a hang fault, a black-holed network): a simulation on
   * virtual time moves its clock past an unanswered request only when the server says it holds it.
   */
  heldRequests(): number;
  close(): Promise<void>;
}
