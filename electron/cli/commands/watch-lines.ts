import { MONITOR_EVENT_TYPES, type MonitorEvent } from '@shared/monitor/events';
import type { BaseLevel } from '@shared/statuspal/levels';
import { oneLine } from '@shared/monitor/notification-text';
import { levelWords } from '@shared/people-words/level-words';
import type { CliIo } from '../output';

/*
 * The human lines of `statusdesk watch`: time, page and event type in aligned columns, then what the event
 * concerns (an update's own words on incident.updated). Colour only on a terminal, never under NO_COLOR,
 * never with --json (see colourWanted).
 */

const ESC = '\u001b[';
const RESET = `${ESC}0m`;
const COLOUR: Record<BaseLevel | 'good' | 'quiet', string> = {
  major: `${ESC}31m`, // red
  minor: `${ESC}33m`, // yellow
  scheduled: `${ESC}34m`, // blue
  operational: `${ESC}32m`, // green
  good: `${ESC}32m`,
  quiet: `${ESC}2m`, // dim
};

const TYPE_WIDTH = Math.max(...MONITOR_EVENT_TYPES.map((type) => type.length));
/** An update quoted in a line: enough to read at 3 a.m., not a whole post-mortem. */
const MAX_UPDATE_CHARS = 200;

/** https://no-color.org: any non-empty NO_COLOR turns colour off; so does a pipe, a file, or --json. */
export function colourWanted(io: Pick<CliIo, 'stdoutIsTty' | 'env'>, json: boolean): boolean {
  return !json && io.stdoutIsTty === true && !io.env.NO_COLOR;
}

type AnyEvent = MonitorEvent & {
  from?: BaseLevel;
  to?: BaseLevel;
  fromType?: string | null;
  toType?: string | null;
  incident?: { title: string; type: string; level: BaseLevel; latestUpdate?: { description: string } | null };
  service?: { name: string };
  notice?: { title: string };
};

/** Which colour an event's type is shown in: the level it brings, green for an end, dim for staleness. */
function tone(event: AnyEvent): keyof typeof COLOUR {
  if (event.type === 'page.stale') return 'quiet';
  if (event.type === 'incident.resolved' || event.type === 'maintenance.ended' || event.type === 'page.recovered' || event.type === 'notice.removed')
    return 'good';
  if (event.to) return event.to;
  return event.incident?.level ?? 'scheduled';
}

/**
 * How a page is named in the lines: by its subdomain, as it was typed; a provider page (whose subdomain is only
 * a slug made from its address) by its name: the one in its summary, its address until the first read.
 */
export function pageLabel(page: { kind?: string | undefined; name: string; subdomain: string }): string {
  return page.kind === 'provider' ? page.name : page.subdomain;
}

export class WatchLines {
  readonly #pageWidth: number;
  readonly #colour: boolean;
  readonly #time: (iso: string) => string;
  readonly #providers: ReadonlySet<string>;

  /** `providers`: the ids of the provider pages, named by their name rather than their slug. */
  constructor(options: { pages: readonly string[]; colour: boolean; time: (iso: string) => string; providers?: ReadonlySet<string> }) {
    this.#pageWidth = Math.max(0, ...options.pages.map((page) => page.length));
    this.#colour = options.colour;
    this.#time = options.time;
    this.#providers = options.providers ?? new Set();
  }

  line(event: MonitorEvent): string {
    const e = event as AnyEvent;
    const details: string[] = [];
    // Levels in the same words as status and summary (shared/people-words/level-words.ts).
    if (e.from && e.to) details.push(`${levelWords(e.from, e.fromType)} → ${levelWords(e.to, e.toType)}`);
    if (e.service) details.push(e.service.name);
    if (e.incident) details.push(`[${levelWords(e.incident.level, e.incident.type)}] ${e.incident.title}`);
    if (e.notice) details.push(e.notice.title);
    const update = e.incident?.latestUpdate?.description;
    // What was posted is the news of an update. (A resolved incident may have left the summary with its
    // resolution unseen: quoting the update before it there would put words in its mouth.)
    if (update && e.type === 'incident.updated') details.push(`"${oneLine(update, MAX_UPDATE_CHARS)}"`);
    const type = e.type.padEnd(TYPE_WIDTH);
    const page = this.#providers.has(e.page.id) ? e.page.name : e.page.subdomain;
    return [this.#time(e.at), page.padEnd(this.#pageWidth), this.#colour ? `${COLOUR[tone(e)]}${type}${RESET}` : type, details.join('  ')].join('  ').trimEnd();
  }
}
