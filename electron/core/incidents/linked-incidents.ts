import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import {
  linkedGroupSchema,
  MAX_LINKED_GROUPS,
  MAX_SERVICE_MAPPINGS,
  samePage,
  serviceMappingSchema,
  type AddMembersInput,
  type LinkedGroup,
  type LinkedMember,
  type MarkDeletedInput,
  type RecordGroupInput,
  type ServiceMap,
  type ServiceMapping,
  type ServicePair,
} from '@shared/incidents/linked-incidents';
import { isTempId } from '@shared/outbox/temp-id';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { FILE_SIZE_CAPS, refuseTextOverCap } from '@core/storage/file-size-cap';
import { fileErrorReason } from '@core/storage/file-system';
import { quarantineFile } from '@core/storage/quarantine';
import type { AppEvents } from '@core/events/app-events';
import type { Publisher } from '@core/events/typed-events';

export const LINKED_INCIDENTS_FILE_NAME = 'linked-incidents.json';

const FORMAT = 'statusdesk.linked-incidents';
/** The envelope only: groups and mappings are checked one by one, so one bad entry does not cost the others. */
const fileSchema = z.object({ format: z.literal(FORMAT), version: z.literal(1), groups: z.array(z.unknown()), mappings: z.array(z.unknown()) });

interface Contents {
  groups: LinkedGroup[];
  mappings: ServiceMapping[];
}

/**
 * The file's text as groups and mappings, each entry checked on its own (`dropped`: how many were not readable);
 * null when the file as a whole is not one. Pure, so a reader that must not write (the command line, while the
 * app owns the file) parses it exactly as the store does.
 */
export function parseLinkedIncidents(text: string): (Contents & { dropped: number }) | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const file = fileSchema.safeParse(raw);
  if (!file.success) return null;
  const groups = file.data.groups.flatMap((g) => {
    const parsed = linkedGroupSchema.safeParse(g);
    return parsed.success ? [parsed.data] : [];
  });
  const mappings = file.data.mappings.flatMap((m) => {
    const parsed = serviceMappingSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  const dropped = file.data.groups.length + file.data.mappings.length - groups.length - mappings.length;
  return { groups: groups.slice(-MAX_LINKED_GROUPS), mappings: mappings.slice(-MAX_SERVICE_MAPPINGS), dropped };
}

/** What the outbox tells of a create: the temp id it gave the new incident and, once sent, the server's id. */
interface CreateOutcome {
  tempId?: string | undefined;
  serverId?: number | string | undefined;
}

interface LinkedIncidentsOptions {
  dataDir: string;
  /** Told when the file was unreadable (or partly) and the original was moved aside. */
  onProblem?: (message: string) => void;
  /** Where every change (a group recorded, a temp id replaced) is told, with every group. */
  events?: Publisher<Pick<AppEvents, 'linked.onChange'>>;
  /**
   * What the outbox knows now of creates: a create may be sent (and its sent report gone by) before the window
   * records its group, so a new group takes the server ids known at once.
   */
  knownCreates?: () => Promise<readonly CreateOutcome[]>;
  now?: () => Date;
  newId?: () => string;
}

/** Temp id → server id, of the creates already sent. */
function serverIdsOf(outcomes: readonly CreateOutcome[]): Map<string, number | string> {
  const known = new Map<string, number | string>();
  for (const outcome of outcomes) if (outcome.tempId !== undefined && outcome.serverId !== undefined) known.set(outcome.tempId, outcome.serverId);
  return known;
}

/** One incident per page in a group, and an incident in one group only. */
function checkNew(groups: readonly LinkedGroup[], existing: readonly LinkedMember[], added: readonly LinkedMember[]): void {
  const all = [...existing, ...added];
  for (const member of added) {
    if (all.filter((m) => samePage(m, member)).length > 1) throw new AppError('invalid_input', 'A group has one incident per page.');
    const taken = groups.find((g) => g.members.some((m) => samePage(m, member) && String(m.incidentId) === String(member.incidentId)));
    if (taken) throw new AppError('conflict', `That incident of ${member.subdomain} is already linked (“${taken.title}”).`);
  }
}

const pairOf = (mapping: ServicePair) => ({ from: mapping.from, to: mapping.to });
const samePair = (a: ServicePair, b: ServicePair) => samePage(a.from, b.from) && samePage(a.to, b.to);

/**
 * Incidents posted on several pages (groups of one incident per page) and the services mapped between pages,
 * kept on this computer in one small file rewritten whole and atomically (the API knows nothing of the link).
 * A member created offline is named by the outbox's temp id until the outbox reports the server's id
 * (`reconcile`). Writes are queued one after another; a write that fails leaves the file as it was.
 */
export class LinkedIncidents {
  readonly #filePath: string;
  readonly #options: LinkedIncidentsOptions;
  readonly #now: () => Date;
  readonly #newId: () => string;
  #contents: Contents | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: LinkedIncidentsOptions) {
    this.#filePath = path.join(options.dataDir, LINKED_INCIDENTS_FILE_NAME);
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  groups(): Promise<LinkedGroup[]> {
    return this.#serial(async () => (await this.#load()).groups);
  }

  /** Records a group once every page's create is queued; the oldest group goes when there are too many. */
  record(input: RecordGroupInput): Promise<LinkedGroup> {
    return this.#serial(async () => {
      const contents = await this.#load();
      checkNew(contents.groups, [], input.members);
      const members = await this.#withKnownIds(input.members);
      const group = linkedGroupSchema.parse({ id: this.#newId(), title: input.title, createdAt: this.#now().toISOString(), members });
      await this.#save({ ...contents, groups: [...contents.groups, group].slice(-MAX_LINKED_GROUPS) });
      return group;
    });
  }

  /** Adds pages whose create was queued after the group was recorded (a retry of a page that failed first). */
  addMembers(input: AddMembersInput): Promise<LinkedGroup> {
    return this.#serial(async () => {
      const contents = await this.#load();
      const group = contents.groups.find((g) => g.id === input.groupId);
      if (!group) throw new AppError('not_found', 'That linked incident is no longer kept on this computer.');
      checkNew(contents.groups, group.members, input.members);
      const next = linkedGroupSchema.parse({ ...group, members: [...group.members, ...(await this.#withKnownIds(input.members))] });
      await this.#save({ ...contents, groups: contents.groups.map((g) => (g.id === group.id ? next : g)) });
      return next;
    });
  }

  /** A page's incident was deleted: its member stays, marked, so the group says so and sends it nothing more. */
  markDeleted(input: MarkDeletedInput): Promise<boolean> {
    return this.#serial(async () => {
      const contents = await this.#load();
      const ids = new Set(input.incidentIds.map(String));
      const hit = (m: LinkedMember) => samePage(m, input) && ids.has(String(m.incidentId)) && m.deleted !== true;
      if (!contents.groups.some((g) => g.members.some(hit))) return false;
      const groups = contents.groups.map((g) => (g.members.some(hit) ? { ...g, members: g.members.map((m) => (hit(m) ? { ...m, deleted: true } : m)) } : g));
      await this.#save({ ...contents, groups });
      return true;
    });
  }

  /** Temp ids of creates the outbox already sent become the server's ids at once. */
  async #withKnownIds(members: readonly LinkedMember[]): Promise<LinkedMember[]> {
    const known = serverIdsOf((await this.#options.knownCreates?.().catch(() => [])) ?? []);
    return members.map((m) => (isTempId(m.incidentId) && known.has(m.incidentId) ? { ...m, incidentId: known.get(m.incidentId)! } : m));
  }

  /** The services last mapped from one page to another (empty when never). */
  mapping(pair: ServicePair): Promise<ServiceMap> {
    return this.#serial(async () => (await this.#load()).mappings.find((m) => samePair(m, pair))?.map ?? {});
  }

  /** Remembers a mapping for the pair of pages, merged over what was kept (a service mapped to nothing is kept as such). */
  saveMapping(mapping: ServiceMapping): Promise<ServiceMap> {
    return this.#serial(async () => {
      const contents = await this.#load();
      const before = contents.mappings.find((m) => samePair(m, mapping));
      const next = serviceMappingSchema.parse({ ...pairOf(mapping), map: { ...before?.map, ...mapping.map } });
      const others = contents.mappings.filter((m) => !samePair(m, mapping));
      await this.#save({ ...contents, mappings: [...others, next].slice(-MAX_SERVICE_MAPPINGS) });
      return next.map;
    });
  }

  /** Members named by a temp id whose create the outbox reports sent now carry the server's id. */
  reconcile(outcomes: readonly CreateOutcome[]): Promise<boolean> {
    const known = serverIdsOf(outcomes);
    if (known.size === 0) return Promise.resolve(false);
    return this.#serial(async () => {
      const contents = await this.#load();
      let changed = false;
      const groups = contents.groups.map((group) => {
        if (!group.members.some((m) => isTempId(m.incidentId) && known.has(m.incidentId))) return group;
        changed = true;
        return {
          ...group,
          members: group.members.map((m) => (isTempId(m.incidentId) && known.has(m.incidentId) ? { ...m, incidentId: known.get(m.incidentId)! } : m)),
        };
      });
      if (changed) await this.#save({ ...contents, groups });
      return changed;
    });
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #save(contents: Contents): Promise<void> {
    await this.#write(contents);
    this.#contents = contents;
    this.#options.events?.publish('linked.onChange', contents.groups);
  }

  async #load(): Promise<Contents> {
    if (this.#contents) return this.#contents;
    let text: string;
    try {
      text = await fs.readFile(this.#filePath, 'utf8');
    } catch {
      this.#contents = { groups: [], mappings: [] };
      return this.#contents;
    }
    const parsed = parseLinkedIncidents(text);
    if (!parsed) {
      this.#contents = { groups: [], mappings: [] };
      this.#setAside('was unreadable; it starts empty');
      return this.#contents;
    }
    const { dropped, ...contents } = parsed;
    this.#contents = contents;
    if (dropped > 0) {
      this.#setAside(`had ${dropped} unreadable entr${dropped === 1 ? 'y' : 'ies'}; the rest is kept`);
      await this.#write(contents).catch(() => undefined);
    }
    return contents;
  }

  #setAside(what: string): void {
    try {
      const moved = quarantineFile(this.#filePath, this.#now());
      this.#options.onProblem?.(`The linked incidents file ${what}. The old file is at ${path.basename(moved)}.`);
    } catch (error) {
      this.#options.onProblem?.(`The linked incidents file ${what}; it could not be moved aside (${fileErrorReason(error)}).`);
    }
  }

  async #write(contents: Contents): Promise<void> {
    const text = `${JSON.stringify({ format: FORMAT, version: 1, ...contents }, null, 2)}\n`;
    refuseTextOverCap(FILE_SIZE_CAPS.linkedIncidents, text);
    try {
      await fs.mkdir(path.dirname(this.#filePath), { recursive: true });
      await writeFileAtomic(this.#filePath, text);
    } catch (error) {
      throw new AppError('storage', `The linked incidents could not be saved: ${fileErrorReason(error)}.`, { cause: error });
    }
  }
}
