import type { StatusPageSimulator } from '../../../simulators/statuspal';
import type { PageState } from '../../../shared/monitor/page-state';

/*
 * The only changes the fault soak makes to its pages: per page, an endless cycle of open an incident →
 * post an update → resolve it → post a notice → remove it. The next step is taken only once the monitor
 * has seen the previous one (its last good summary shows it) and some time has passed, so every scripted
 * change is observed by exactly one successful poll and must produce its events exactly once.
 */

type Step = 'open' | 'update' | 'resolve' | 'notice' | 'unnotice';
const CYCLE: Step[] = ['open', 'update', 'resolve', 'notice', 'unnotice'];

export interface ScriptLedger {
  opened: Set<number>;
  updated: Map<number, number>;
  resolved: Set<number>;
  noticesPosted: Set<number>;
  noticesRemoved: Set<number>;
  /** Service ids the scripted incidents touched. */
  services: Set<number>;
}

interface PageScript {
  subdomain: string;
  serviceId: number;
  /** Pages seeded from older captures have no notices in their summary: they cycle incidents only. */
  notices: boolean;
  next: number;
  /** What the monitor must see before the next step. */
  pending: ((state: PageState) => boolean) | null;
  notBefore: number;
  incidentId: number | null;
  noticeId: number | null;
}

export class ScriptedChanges {
  readonly ledger = new Map<string, ScriptLedger>();
  readonly #pages: PageScript[];
  readonly #sim: StatusPageSimulator;
  readonly #random: () => number;
  readonly #gapMs: number;
  steps = 0;

  /** `pages`: subdomain and a leaf service id of each; `gapMs`: least time between two steps on a page. */
  constructor(
    sim: StatusPageSimulator,
    pages: Array<{ subdomain: string; serviceId: number; notices: boolean }>,
    options: { gapMs: number; random: () => number },
  ) {
    this.#sim = sim;
    this.#random = options.random;
    this.#gapMs = options.gapMs;
    this.#pages = pages.map((p) => ({ ...p, next: 0, pending: null, notBefore: 0, incidentId: null, noticeId: null }));
    for (const p of pages) {
      this.ledger.set(p.subdomain, {
        opened: new Set(),
        updated: new Map(),
        resolved: new Set(),
        noticesPosted: new Set(),
        noticesRemoved: new Set(),
        services: new Set([p.serviceId]),
      });
    }
  }

  /** Takes the next step on every page whose last step the monitor has seen. */
  tick(nowMs: number, states: PageState[]): void {
    for (const page of this.#pages) {
      const state = states.find((s) => s.subdomain === page.subdomain);
      if (!state) continue;
      if (page.pending) {
        if (!page.pending(state)) continue;
        page.pending = null;
        page.notBefore = nowMs + this.#gapMs * (1 + this.#random());
      }
      if (nowMs < page.notBefore) continue;
      this.#step(page);
      this.steps++;
    }
  }

  /** Every page's last step has been seen. */
  quiet(states: PageState[]): boolean {
    return this.#pages.every((page) => {
      const state = states.find((s) => s.subdomain === page.subdomain);
      return page.pending === null || (state !== undefined && page.pending(state));
    });
  }

  #step(page: PageScript): void {
    const cycle = page.notices ? CYCLE : CYCLE.slice(0, 3);
    const step = cycle[page.next % cycle.length]!;
    page.next++;
    const ledger = this.ledger.get(page.subdomain)!;
    const sim = this.#sim;
    switch (step) {
      case 'open': {
        const id = sim.openIncident({
          page: page.subdomain,
          type: this.#random() < 0.5 ? 'minor' : 'major',
          title: `Soak incident ${page.next}`,
          services: [page.serviceId],
          message: 'Investigating.',
        }).id;
        page.incidentId = id;
        ledger.opened.add(id);
        page.pending = (s) => s.summary?.incidents.some((i) => i.id === id) ?? false;
        break;
      }
      case 'update': {
        const id = page.incidentId!;
        const updateId = sim.addUpdate({ page: page.subdomain, incidentId: id, type: 'monitoring', message: `Fix ${page.next} deployed.` }).id;
        ledger.updated.set(id, (ledger.updated.get(id) ?? 0) + 1);
        page.pending = (s) => s.summary?.incidents.some((i) => i.id === id && i.updateIds.includes(updateId)) ?? false;
        break;
      }
      case 'resolve': {
        const id = page.incidentId!;
        sim.resolveIncident({ page: page.subdomain, incidentId: id, message: 'Resolved.' });
        ledger.resolved.add(id);
        page.pending = (s) => s.summary !== null && !s.summary.incidents.some((i) => i.id === id);
        break;
      }
      case 'notice': {
        const id = sim.postNotice({ page: page.subdomain, title: `Soak notice ${page.next}`, message: 'Planned work next week.' }).id;
        page.noticeId = id;
        ledger.noticesPosted.add(id);
        page.pending = (s) => s.summary?.infoNotices.some((n) => n.id === id) ?? false;
        break;
      }
      case 'unnotice': {
        const id = page.noticeId!;
        sim.removeNotice({ page: page.subdomain, noticeId: id });
        ledger.noticesRemoved.add(id);
        page.pending = (s) => s.summary !== null && !s.summary.infoNotices.some((n) => n.id === id);
        break;
      }
    }
  }
}
