import type { OutboxLookup, OutboxLookupCandidate } from '@shared/outbox/entry-view';
import type { WriteResource } from '@shared/outbox/write-operations';
import { apiDateTimeToEpochMs } from '@shared/statuspal/datetime';
import { resultOf, serverIdOf } from './result-summary';

type Json = Record<string, unknown>;

/**
 * When our create can have been stored, on the server's clock, and how much to trust that.
 *
 * `skewMs` (default 5 s): our moment is the server's `Date` header plus the offset it shows, good to half a
 * second (the header is floored to the second, server-clock.ts), and the server stamps `inserted_at` in whole
 * seconds (up to one more second earlier than the moment it stored it). A few seconds more cover servers behind
 * one address whose clocks differ slightly. An object stamped this much before our send still counts as after it.
 *
 * `nearMissMs` (the kind's reconcile tolerance, default 5 min): a look-alike stamped up to this long before our
 * send is someone else's unless our reading of the server's clock is wrong (a proxy's Date header, a clock that
 * jumped with no answer between). It is not taken for ours, and not ignored either: with nothing after our send,
 * the user is asked.
 *
 * `measured`: false when no answer showed the server's clock around our first send (its first request was cut
 * off); `sentAt` is then this process's estimate, and every older look-alike counts as a near miss.
 */
export interface LookupWindow {
  sentAt: number;
  measured: boolean;
  skewMs: number;
  nearMissMs: number;
}

type LookupVerdict = { type: 'applied'; object: Json } | { type: 'ask'; reason: OutboxLookup['reason']; candidates: Json[] } | { type: 'not_applied' };

const MAX_CANDIDATES = 10;

/** When the server stored an object (null when it does not say): inserted_at, or created_at. */
export function storedAt(object: Json): number | null {
  for (const key of ['inserted_at', 'created_at']) {
    const value = object[key];
    if (typeof value === 'string') {
      const at = apiDateTimeToEpochMs(value);
      if (at !== null) return at;
    }
  }
  return null;
}

/**
 * Which of the objects that show everything we wrote (`matches`) is ours:
 * - exactly one stored after our send (or one with no time at all, for objects the API gives no times): ours;
 * - more than one: ask (a colleague wrote the same thing meanwhile, or the server applied ours twice);
 * - none after, but look-alikes shortly before our send: ask (taking one would hide that ours is missing,
 *   sending would duplicate ours if the clock was misread);
 * - nothing: not applied.
 */
export function judgeMatches(matches: readonly Json[], window: LookupWindow, timeOf: (object: Json) => number | null = storedAt): LookupVerdict {
  const after: Json[] = [];
  const before: { object: Json; at: number }[] = [];
  for (const object of matches) {
    const at = timeOf(object);
    if (at === null || at >= window.sentAt - window.skewMs) after.push(object);
    else if (!window.measured || at >= window.sentAt - window.nearMissMs) before.push({ object, at });
  }
  if (after.length === 1) return { type: 'applied', object: after[0]! };
  if (after.length > 1) return { type: 'ask', reason: 'several', candidates: after.slice(0, MAX_CANDIDATES) };
  if (before.length > 0) {
    // Nearest to our send first: the likeliest to be ours if the clock was misread.
    const nearest = before.sort((a, b) => b.at - a.at).map((b) => b.object);
    return { type: 'ask', reason: 'before_send', candidates: nearest.slice(0, MAX_CANDIDATES) };
  }
  return { type: 'not_applied' };
}

function firstWords(object: Json): string | undefined {
  const updates = Array.isArray(object.updates) ? object.updates : [];
  // Lists are newest first: the oldest update is the one the create carried.
  const first = updates.length > 0 ? (updates[updates.length - 1] as Json | undefined) : undefined;
  const words = first?.description ?? object.description;
  return typeof words === 'string' ? words.slice(0, 200) : undefined;
}

/** What the user recognises a candidate by: small enough to keep in the outbox file. */
export function candidateOf(resource: WriteResource, object: Json): OutboxLookupCandidate | null {
  const id = serverIdOf(resource, object);
  if (id === undefined) return null;
  const summary: Json = { ...resultOf(resource, object).summary };
  if (Array.isArray(object.service_ids)) summary.service_ids = object.service_ids.slice(0, 50);
  if (typeof object.inserted_at === 'string') summary.inserted_at = object.inserted_at;
  const words = firstWords(object);
  if (words !== undefined) summary.description = words;
  return { id, summary };
}
