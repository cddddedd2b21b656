import type {
  AddKeyInput,
  AddUpdateInput,
  DateInput,
  IncidentJson,
  Json,
  NoticeJson,
  OfflineOptions,
  OpenIncidentInput,
  PostNoticeInput,
  RemoveNoticeInput,
  ResolveIncidentInput,
  ScheduleMaintenanceInput,
  SetIncidentTypeInput,
  SetServiceLevelInput,
  SimulatorControl,
  SimulatorState,
  UpdateJson,
} from './api';
import { floorSecond, formatDateTime, parseDateTime, type SimClock } from './clock';
import type { SimCore } from './context';
import { isKnownType, isScheduled, rebuildLive, serviceStatusJson, summaryJson } from './derived';
import { invalid } from './errors';
import type { FaultInjector, FaultRule } from './faults';
import { BASE_LEVELS, ORG_ROLES, PAGE_ROLES, type Page } from './model';
import { RateLimiter, type RateLimitConfig } from './rate-limit';
import { addIncidentUpdate, createIncident, findIncident, type IncidentInput } from './resources/incidents';
import { addMetric } from './resources/metrics';
import { createNotice, findNotice } from './resources/notices';
import { findService } from './resources/services';
import { touch } from './resources/common';
import { seedFromSummary, type SeedSummaryOptions, type SeedSummaryResult } from './seeds/summary';
import type { SimHttpServer } from './server';
import type { TextStyle } from './text-style';
import { type Store } from './store';
import { incidentJson, noticeJson, updateJson } from './views';
import type { RequestCounter, WriteLogEntry } from './write-log';

/**
 * The control interface for tests and demos. Changes made here are the service's own doing
 * (monitoring, the dashboard), so they are not in the write log, which holds API writes only.
 * Errors are HttpErrors (404 unknown page/id, 422 bad input) so the HTTP control can map them.
 */
interface ControllerDeps {
  core: SimCore;
  faults: FaultInjector;
  counter: RequestCounter;
  http: () => SimHttpServer;
  /** builds a freshly seeded store and clock for reset() */
  fresh: () => { store: Store; clock: SimClock };
  randomSeed: number;
  rateLimit: RateLimitConfig | false;
  /** the start option, restored by reset() */
  textStyle: TextStyle;
}

export class Controller implements SimulatorControl {
  limiter: RateLimiter | null;
  #rateLimitConfig: RateLimitConfig | false;

  readonly #deps: ControllerDeps;

  constructor(deps: ControllerDeps) {
    this.#deps = deps;
    this.#rateLimitConfig = deps.rateLimit;
    this.limiter = deps.rateLimit ? new RateLimiter(deps.rateLimit) : null;
  }

  get #core(): SimCore {
    return this.#deps.core;
  }

  #page(subdomain: unknown): Page {
    if (typeof subdomain !== 'string') throw invalid('page (subdomain) is required');
    return this.#core.store.getPage(subdomain);
  }

  #nowMs(): number {
    return this.#core.clock.nowMs();
  }

  #date(v: DateInput | null | undefined, name: string): number | null | undefined {
    if (v === undefined || v === null) return v as null | undefined;
    const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : parseDateTime(v);
    if (ms === null || !Number.isFinite(ms)) throw invalid(`${name} is not a date`);
    return floorSecond(ms);
  }

  #requireType(page: Page, type: string): void {
    if (!isKnownType(page, type)) throw invalid(`unknown incident type ${type} (add it with setIncidentType)`);
  }

  /** An incident or maintenance the script asked for, already checked; it sends no extras. */
  #createIncident(page: Page, fields: Omit<IncidentInput, 'extra'>): IncidentJson {
    return incidentJson(createIncident(this.#core.store, page, { ...fields, extra: {} }, this.#nowMs())) as IncidentJson;
  }

  #requireServices(page: Page, ids: number[] | undefined): void {
    for (const id of ids ?? []) if (!page.services.has(id)) throw invalid(`unknown service ${id}`);
  }

  openIncident(input: OpenIncidentInput): IncidentJson {
    const page = this.#page(input.page);
    const type = input.type ?? 'major';
    this.#requireType(page, type);
    if (!input.title) throw invalid('title is required');
    this.#requireServices(page, input.services);
    return this.#createIncident(page, {
      type,
      title: input.title,
      serviceIds: input.services ?? [],
      startsAt: this.#date(input.startsAt, 'startsAt') ?? undefined,
      notify: input.notify,
      updates: [{ type: input.updateType ?? 'issue', description: input.message ?? input.title, extra: {} }],
    });
  }

  addUpdate(input: AddUpdateInput): UpdateJson {
    const page = this.#page(input.page);
    const inc = findIncident(page, input.incidentId);
    const u = addIncidentUpdate(this.#core.store, page, inc, { type: input.type ?? 'update', description: input.message ?? '', extra: {} }, this.#nowMs());
    return updateJson(u) as UpdateJson;
  }

  resolveIncident(input: ResolveIncidentInput): IncidentJson {
    const page = this.#page(input.page);
    const inc = findIncident(page, input.incidentId);
    addIncidentUpdate(this.#core.store, page, inc, { type: 'resolved', description: input.message ?? 'Resolved', extra: {} }, this.#nowMs());
    return incidentJson(inc) as IncidentJson;
  }

  setServiceLevel(input: SetServiceLevelInput): Json {
    const page = this.#page(input.page);
    const s = findService(page, input.serviceId);
    if (input.level === 'auto') s.manualLevel = undefined;
    else {
      if (input.level !== null) this.#requireType(page, input.level);
      s.manualLevel = input.level;
    }
    touch(s, this.#nowMs());
    return serviceStatusJson(page, s, this.#nowMs());
  }

  scheduleMaintenance(input: ScheduleMaintenanceInput): IncidentJson {
    const page = this.#page(input.page);
    const type = input.type ?? 'scheduled';
    this.#requireType(page, type);
    if (!isScheduled(page, type)) throw invalid(`${type} is not a maintenance type`);
    this.#requireServices(page, input.services);
    const startsAt = this.#date(input.startsAt, 'startsAt');
    if (startsAt === null || startsAt === undefined) throw invalid('startsAt is required');
    return this.#createIncident(page, {
      type,
      title: input.title,
      serviceIds: input.services ?? [],
      startsAt,
      endsAt: this.#date(input.endsAt, 'endsAt') ?? null,
      updates: [{ type: 'scheduled', description: input.message ?? input.title, extra: {} }],
    });
  }

  postNotice(input: PostNoticeInput): NoticeJson {
    const page = this.#page(input.page);
    this.#requireServices(page, input.services);
    const n = createNotice(
      this.#core.store,
      page,
      {
        title: input.title,
        serviceIds: input.services ?? [],
        featuredFrom: this.#date(input.featuredFrom, 'featuredFrom'),
        featuredUntil: this.#date(input.featuredUntil, 'featuredUntil'),
        updates: [{ description: input.message ?? input.title, extra: {} }],
        extra: {},
      },
      this.#nowMs(),
    );
    return noticeJson(n) as NoticeJson;
  }

  removeNotice(input: RemoveNoticeInput): void {
    const page = this.#page(input.page);
    findNotice(page, input.noticeId);
    page.notices.delete(input.noticeId);
  }

  setIncidentType(input: SetIncidentTypeInput): void {
    const page = this.#page(input.page);
    if (!BASE_LEVELS.includes(input.base)) throw invalid('base must be major, minor or scheduled');
    if ((BASE_LEVELS as readonly string[]).includes(input.type)) throw invalid('built-in types cannot be redefined');
    page.incidentTypes.set(input.type, input.base);
    rebuildLive(page);
  }

  addMetric(input: { page: string; name: string }): { id: number } {
    return { id: addMetric(this.#core.store, this.#page(input.page), input.name).id };
  }

  summary(page: string): Json {
    return summaryJson(this.#page(page), this.#nowMs());
  }

  now(): Date {
    return this.#core.clock.now();
  }

  advanceClock(ms: number): Date {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw invalid('ms must be a non-negative number');
    this.#core.clock.advance(ms);
    return this.now();
  }

  setClock(at: DateInput): Date {
    const ms = this.#date(at, 'at');
    if (ms === null || ms === undefined) throw invalid('at is required');
    const before = this.#nowMs();
    this.#core.clock.set(ms);
    // Going back in time can bring maintenances that were seen ending back to life.
    if (ms < before) for (const p of this.#core.store.pages.values()) rebuildLive(p);
    return this.now();
  }

  freezeClock(frozen: boolean): void {
    this.#core.clock.setFrozen(frozen);
  }

  addKey(input: AddKeyInput): { id: string; key: string } {
    const store = this.#core.store;
    if (input.key !== undefined && store.findKey(input.key)) throw invalid('key already exists');
    if (input.kind === 'org') {
      store.getOrg(input.orgId);
      if (input.access !== 'read' && input.access !== 'write') throw invalid('access must be read or write');
      const rec = store.addKey({ kind: 'org', orgId: input.orgId, access: input.access, key: input.key });
      return { id: rec.id, key: rec.raw };
    }
    if (input.kind !== 'user' || typeof input.email !== 'string' || !input.email.includes('@')) {
      throw invalid('kind must be org or user (with an email)');
    }
    const user = store.ensureUser(input.email, input.name);
    const t = floorSecond(this.#nowMs());
    for (const r of input.roles ?? []) {
      const members = 'page' in r ? this.#page(r.page).members : store.getOrg(r.orgId).members;
      const allowed = 'page' in r ? PAGE_ROLES : ORG_ROLES;
      if (!allowed.includes(r.role)) throw invalid(`role ${r.role} not allowed here`);
      const existing = [...members.values()].find((m) => m.userId === user.id);
      if (existing) existing.role = r.role;
      else {
        const id = store.nextId('member');
        members.set(id, { id, userId: user.id, role: r.role, insertedAt: t, updatedAt: t, extra: {} });
      }
    }
    const rec = store.addKey({ kind: 'user', userId: user.id, key: input.key });
    return { id: rec.id, key: rec.raw };
  }

  revokeKey(key: string): boolean {
    return this.#core.store.revokeKey(key);
  }

  setFaults(rules: FaultRule | FaultRule[]): void {
    this.#wrapRange(() => this.#deps.faults.set(rules));
  }

  addFault(rule: FaultRule): void {
    this.#wrapRange(() => this.#deps.faults.add(rule));
  }

  clearFaults(): void {
    this.#deps.faults.clear();
  }

  rateLimitBurst(count: number, retryAfterSeconds = 1): void {
    this.addFault({ errorRates: { 429: 1 }, times: count, retryAfterSeconds });
  }

  setRateLimit(config: RateLimitConfig | false): void {
    this.#wrapRange(() => {
      this.limiter = config ? new RateLimiter(config) : null;
      this.#rateLimitConfig = config;
    });
  }

  setTextStyle(style: TextStyle): void {
    if (style !== 'verbatim' && style !== 'normalised') throw invalid('style must be verbatim or normalised');
    this.#core.options.textStyle = style;
  }

  #wrapRange(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      if (err instanceof RangeError) throw invalid(err.message);
      throw err;
    }
  }

  async goOffline(options: OfflineOptions = {}): Promise<void> {
    const mode = options.mode ?? 'refuse';
    if (!['refuse', 'reset', 'blackhole'].includes(mode)) throw invalid('mode must be refuse, reset or blackhole');
    await this.#deps.http().goOffline(mode, options.forMs);
  }

  async goOnline(): Promise<void> {
    await this.#deps.http().goOnline();
  }

  writeLog(filter: { method?: string; pathPrefix?: string; op?: string } = {}): WriteLogEntry[] {
    return this.#core.writeLog
      .list()
      .filter(
        (e) =>
          (!filter.method || e.method === filter.method.toUpperCase()) &&
          (!filter.pathPrefix || e.path.startsWith(filter.pathPrefix.startsWith('/api/') ? filter.pathPrefix : `/api/v2${filter.pathPrefix}`)) &&
          (!filter.op || e.op === filter.op),
      );
  }

  clearWriteLog(): void {
    this.#core.writeLog.clear();
  }

  /** Requests received under a path prefix, full (`/api/v2/...`) or relative to /api/v2; all when omitted. */
  requestCount(pathPrefix?: string): number {
    if (!pathPrefix) return this.#deps.counter.count();
    return this.#deps.counter.count(pathPrefix.startsWith('/api/') ? pathPrefix : `/api/v2${pathPrefix}`);
  }

  /** The most API requests in progress at once (received, not yet answered) on one path under the prefix. */
  peakRequestsInProgress(pathPrefix?: string): number {
    if (!pathPrefix) return this.#deps.counter.peakInProgress();
    return this.#deps.counter.peakInProgress(pathPrefix.startsWith('/api/') ? pathPrefix : `/api/v2${pathPrefix}`);
  }

  requestCounts(): Record<string, number> {
    return this.#deps.counter.snapshot();
  }

  clearRequestCounts(): void {
    this.#deps.counter.clear();
  }

  /** Back to the state right after start: seed, clock, logs, counters, faults, rate limit buckets, online. */
  async reset(): Promise<void> {
    const { store, clock } = this.#deps.fresh();
    this.#core.store = store;
    this.#core.clock = clock;
    this.#core.writeLog.clear();
    this.#deps.counter.clear();
    this.#deps.faults.clear();
    this.#deps.faults.reseed(this.#deps.randomSeed);
    this.setRateLimit(this.#deps.rateLimit);
    this.#core.options.textStyle = this.#deps.textStyle;
    await this.#deps.http().goOnline();
  }

  seedSummary(doc: unknown, options?: SeedSummaryOptions): SeedSummaryResult {
    try {
      return seedFromSummary(this.#core.store, doc, this.#nowMs(), options);
    } catch (err) {
      if (err instanceof TypeError) throw invalid(err.message);
      throw err;
    }
  }

  state(): SimulatorState {
    return {
      now: formatDateTime(this.#nowMs()),
      frozen: this.#core.clock.isFrozen(),
      offline: this.#deps.http().offlineMode(),
      pages: [...this.#core.store.pages.keys()],
      faults: this.#deps.faults.list(),
      rateLimit: this.#rateLimitConfig,
    };
  }
}
