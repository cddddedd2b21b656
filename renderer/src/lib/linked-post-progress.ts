import { samePage, type LinkedMember } from '@shared/incidents/linked-incidents';
import type { PageRef } from '@shared/incidents/page-prefs';

export interface FailedPage extends PageRef {
  pageName: string;
  reason: string;
}

/**
 * What one editor session has already queued of a write that goes to several pages (a create on N pages, an
 * update or the resolve posted to every linked page): a retry sends only to the pages still missing, so each
 * page gets its write exactly once however often the user tries again.
 */
export interface LinkedPostProgress {
  /** Each page with its write queued, as a member of its group (a create's by the temp id of its incident). */
  queued: LinkedMember[];
  /** The group recorded for a create on several pages (null until two pages have theirs queued). */
  groupId: string | null;
  /** The pages whose write could not be queued on the last try, with why. */
  failed: FailedPage[];
}

/** What an update editor's save is told about posting to every linked page. */
export interface LinkedSaveOptions {
  allLinked: boolean;
  progress: LinkedPostProgress;
  /** "Try again for …": that page only. */
  only: PageRef | null;
}

export const emptyProgress = (): LinkedPostProgress => ({ queued: [], groupId: null, failed: [] });

export const isQueued = (progress: LinkedPostProgress, page: PageRef): boolean => progress.queued.some((q) => samePage(q, page));

/** Some pages got their write queued, others not: said plainly, with the pages that failed and why. */
export class PartialPostError extends Error {
  readonly failed: FailedPage[];

  constructor(failed: FailedPage[], queuedNames: readonly string[]) {
    const why = failed.map((f) => `${f.pageName} (${f.reason})`).join(', ');
    const done = queuedNames.length > 0 ? `Queued on ${queuedNames.join(', ')}, but not on ${why}.` : `Not queued on ${why}.`;
    super(`${done} Try again sends only to the page${failed.length === 1 ? '' : 's'} missing.`);
    this.name = 'PartialPostError';
    this.failed = failed;
  }
}

/** Every page has its write queued, but the link between them could not be kept (its file could not be written). */
export class LinkNotKeptError extends PartialPostError {
  constructor(reason: string) {
    super([], []);
    this.name = 'LinkNotKeptError';
    this.message = `Queued on every page, but the link between them could not be kept: ${reason.replace(/\.$/, '')}. Try again keeps it; nothing is sent twice.`;
  }
}
