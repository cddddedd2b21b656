import { z } from 'zod';
import { ERROR_CODES } from '../errors';

/**
 * What the renderer, the tray and the command line may know about a queued write. Built from the durable
 * entry; never holds a key or a token (entries name the account; the key is read from the vault when sent).
 */
export const OUTBOX_STATES = ['pending', 'in_flight', 'sent', 'failed', 'conflict', 'needs_look'] as const;
export const outboxStateSchema = z.enum(OUTBOX_STATES);
export type OutboxState = z.infer<typeof outboxStateSchema>;

/** Why a pending entry is not being sent right now (runtime only, not stored). */
export const OUTBOX_WAIT_REASONS = [
  'offline', // its server cannot be reached
  'backoff', // a transient failure; it is tried again at nextAttemptAt
  'rate_limited', // the account is paused after a 429
  'order', // an earlier write on the same resource is not sent yet
  'dependency', // a write it depends on is not sent yet
  'no_key', // no key for its account in this process (e.g. STATUSDESK_API_KEY not set)
  'concurrency', // the account already has its maximum of writes in flight
] as const;
export const outboxWaitReasonSchema = z.enum(OUTBOX_WAIT_REASONS);
export type OutboxWaitReason = z.infer<typeof outboxWaitReasonSchema>;

/** The last failure of an entry: code, a sentence and the HTTP status. Never a key, never a stack. */
export const outboxErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  status: z.number().int().optional(),
});
export type OutboxError = z.infer<typeof outboxErrorSchema>;

export const serverIdSchema = z.union([z.number().int(), z.string().min(1).max(200)]);
export type ServerId = z.infer<typeof serverIdSchema>;

/** What the server answered: the id of the created or changed object and a few fields for display. */
export const outboxResultSchema = z.object({
  id: serverIdSchema.nullable().optional(),
  /** id, type, title, name, updated_at, ... (small, for display). */
  summary: z.record(z.string(), z.unknown()).optional(),
  /** A DELETE found the object already gone after an unknown outcome. */
  alreadyDone: z.boolean().optional(),
  /**
   * A write sent a while after it was written carries that moment (starts_at, posted_at) on the server's clock:
   * when, and whether the computer's clock could be checked against the server's for it (else it is this
   * computer's clock, which may have been wrong then).
   */
  timeOfWriting: z.object({ at: z.string(), checked: z.boolean() }).optional(),
});
export type OutboxResult = z.infer<typeof outboxResultSchema>;

/**
 * Where an entry is sent when it is not one of the configured accounts' servers: the command line with
 * STATUSDESK_API_KEY and --base-url. `keyFrom` says where the key comes from at send time; the key itself
 * is never stored.
 */
export const outboxServerSchema = z.object({
  baseUrl: z.string().min(1),
  keyFrom: z.enum(['account', 'env']),
});
export type OutboxServer = z.infer<typeof outboxServerSchema>;

/** An edit held because the object changed on the server since the version the user edited. */
export const outboxConflictSchema = z.object({
  /** `updated_at` of the server copy when the conflict was found. */
  serverUpdatedAt: z.string().nullable(),
  /** The server copy (their version), for the user to compare. */
  theirs: z.record(z.string(), z.unknown()).nullable(),
  detectedAt: z.string(),
  /** What happened on the server, in words, when it is more than "it changed since you read it". */
  reason: z.string().max(500).optional(),
});
export type OutboxConflict = z.infer<typeof outboxConflictSchema>;

/** One object on the server that may be what a create of unknown outcome made: its id and what to recognise it by. */
export const outboxLookupCandidateSchema = z.object({
  id: serverIdSchema,
  /** title or name, type, service_ids, inserted_at, the first update's words… (small, for display). */
  summary: z.record(z.string(), z.unknown()),
});
export type OutboxLookupCandidate = z.infer<typeof outboxLookupCandidateSchema>;

/**
 * A create whose outcome is unknown, held in `needs_look` because the server shows look-alikes the outbox
 * cannot tell from ours: the user says which one is theirs (It is mine) or that none is (Send mine).
 *   several      more than one object made after our first send shows everything we wrote;
 *   before_send  none made after it does, but one made shortly before it does (someone else's, unless the
 *                server's clock was misread): ours may not have been applied.
 */
const OUTBOX_LOOKUP_REASONS = ['several', 'before_send'] as const;
export const outboxLookupSchema = z.object({
  reason: z.enum(OUTBOX_LOOKUP_REASONS),
  candidates: z.array(outboxLookupCandidateSchema).min(1).max(10),
  /** Our first send on the server's clock, to compare with the candidates' inserted_at. */
  sentAt: z.string().optional(),
  detectedAt: z.string(),
});
export type OutboxLookup = z.infer<typeof outboxLookupSchema>;

export const outboxEntryViewSchema = z.object({
  /** UUID; also the client mutation id. */
  id: z.string().uuid(),
  /** Which sender handles it: `statuspage` now; other kinds (operations delete) later. */
  kind: z.string().min(1),
  accountId: z.string().min(1),
  server: outboxServerSchema.optional(),
  /** A write operation name of STATUS_PAGE_OPERATIONS for kind `statuspage`. */
  operation: z.string().min(1),
  /** Path parameters and body, exactly what the client method takes (temp ids rewritten once known). */
  input: z.record(z.string(), z.unknown()),
  resourceKey: z.string().min(1),
  /** The temporary id of the object this entry creates (`tmp-<uuid>`). */
  tempId: z.string().optional(),
  /** The server id of the created object, once known. */
  serverId: serverIdSchema.optional(),
  dependsOn: z.array(z.string()),
  /** `updated_at` of the server version the user edited (conflict detection for edits). */
  baseUpdatedAt: z.string().optional(),
  createdAt: z.string(),
  firstSentAt: z.string().optional(),
  attempts: z.number().int().nonnegative(),
  state: outboxStateSchema,
  lastError: outboxErrorSchema.optional(),
  result: outboxResultSchema.optional(),
  conflict: outboxConflictSchema.optional(),
  /** `needs_look`: the look-alikes on the server to choose from. */
  lookup: outboxLookupSchema.optional(),
  /**
   * A pending write that was sent and got no clear answer (a time-out, a cut connection, a gateway's 408): it may
   * have been applied, so it is looked up on the server before it is sent again.
   */
  outcomeUnknown: z.boolean().optional(),
  /** Runtime: why a pending entry waits, and when it is tried next. */
  waiting: outboxWaitReasonSchema.optional(),
  nextAttemptAt: z.string().optional(),
  /** Queue order (global, increasing). */
  seq: z.number().int().nonnegative(),
});
export type OutboxEntryView = z.infer<typeof outboxEntryViewSchema>;
