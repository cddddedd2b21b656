import type { MonitorEvent, MonitorEventType } from '@shared/monitor/events';
import type { PageState } from '@shared/monitor/page-state';
import { levelWords } from '@shared/people-words/level-words';

/*
 * The closing line of `statusdesk watch`: what it saw (the changes, counted in words, and where each page
 * ended) and why it stopped (the demo's scenario ended, --for ran out, Ctrl+C), so a run that ends is never
 * mistaken for one that crashed or saw nothing.
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

export type WatchStop = { by: 'demo_ended' } | { by: 'for'; seconds: number } | { by: 'signal' } | { by: 'missing_page' };

function stopText(stop: WatchStop): string {
  switch (stop.by) {
    case 'demo_ended':
      return "the demo's scenario ended";
    case 'for':
      return `--for ${stop.seconds} s ran out`;
    case 'signal':
      return 'it was asked to stop (Ctrl+C)';
    case 'missing_page':
      return 'a page does not exist';
  }
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
    return `watch stopped after ${seconds} s: ${stopText(stop)}. ${saw}.${ends}`;
  }
}
