import type { MonitorEvent, MonitorEventType } from '@shared/monitor/events';
import type { PageState } from '@shared/monitor/page-state';
import { levelWords } from '@shared/people-words/level-words';

/*
 * The closing line of `statusdesk watch`: what it saw (the changes, counted in words, and where each page
 * ended) and why it stopped (the demo's scenario ended, --for ran out, Ctrl+C), so a run that ends is never
 * mistaken for one that crashed or saw nothing. Ctrl+C and SIGTERM end it with this line too (index.ts hands
 * watch the signal), still with exit code 130 or 143.
 */

const WORDS: Record<MonitorEventType, [one: string, many: string]> = {
  'incident.opened': ['incident opened', 'incidents opened'],
  'incident.updated': ['update', 'updates'],
  'incident.resolved': ['incident resolved', 'incidents resolved'],
  'maintenance.scheduled': ['maintenance scheduled', 'maintenances scheduled'],
  'maintenance.started': ['maintenance started', 'maintenances started'],
  'maintenance.ended': ['maintenance ended', 'maintenances ended'],
  'page.level_changed': ['page level change', 'page level changes'],
  'service.level_changed': ['service level change', 'service level changes'],
  'notice.posted': ['notice posted', 'notices posted'],
  'notice.removed': ['notice removed', 'notices removed'],
  'page.stale': ['page unreachable', 'pages unreachable'],
  'page.recovered': ['page reachable again', 'pages reachable again'],
};

export type WatchStop = { by: 'demo_ended' } | { by: 'for'; seconds: number } | { by: 'signal'; signal: NodeJS.Signals } | { by: 'missing_page' };

function stopText(stop: WatchStop): string {
  switch (stop.by) {
    case 'demo_ended':
      return "the demo's scenario ended";
    case 'for':
      return `--for ${stop.seconds} s ran out`;
    case 'signal':
      return stop.signal === 'SIGINT' ? 'it was interrupted (Ctrl+C)' : `it was asked to stop (${stop.signal})`;
    case 'missing_page':
      return 'a page does not exist';
  }
}

/** "42 s", "3 min 12 s", "2 h 5 min": a watch left running for hours is not told in thousands of seconds. */
export function watchedFor(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  return minutes % 60 === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Where a page ended: its level in words, or that it was not reachable at the end. */
function endText(state: PageState): string {
  if (state.status === 'stale') return `${state.name}: not reachable at the end`;
  if (state.level === null) return `${state.name}: never read`;
  return `${state.name}: ${levelWords(state.level, state.summary?.currentType)}`;
}

export class WatchTally {
  readonly #counts = new Map<MonitorEventType, number>();
  readonly #startedAt: number;
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#startedAt = now();
  }

  note(event: MonitorEvent): void {
    this.#counts.set(event.type, (this.#counts.get(event.type) ?? 0) + 1);
  }

  /** "watch stopped after 31 s: the demo's scenario ended. Saw 7 changes: 2 incidents opened, …. At the end: Acme: Operational; …" */
  closingLine(stop: WatchStop, states: readonly PageState[]): string {
    const seconds = Math.round((this.#now() - this.#startedAt) / 1000);
    const total = [...this.#counts.values()].reduce((sum, n) => sum + n, 0);
    const counted = (Object.keys(WORDS) as MonitorEventType[])
      .filter((type) => this.#counts.has(type))
      .map((type) => {
        const n = this.#counts.get(type)!;
        return `${n} ${WORDS[type][n === 1 ? 0 : 1]}`;
      });
    const saw = total === 0 ? 'Saw no change' : `Saw ${total} change${total === 1 ? '' : 's'}: ${counted.join(', ')}`;
    const ends = states.length > 0 ? ` At the end: ${states.map(endText).join('; ')}.` : '';
    return `watch stopped after ${watchedFor(seconds)}: ${stopText(stop)}. ${saw}.${ends}`;
  }
}
