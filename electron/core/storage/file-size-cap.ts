import { AppError } from '@shared/errors';

/*
 * The files the window can grow by its own requests, each with a ceiling checked before a write. Every request is
 * bounded on its own, but bounded requests repeated (a mapping per account, page after page, write after write)
 * could still grow a file the app rewrites on every change to hundreds of megabytes. Each cap is far above what a
 * real setup writes (docs/data-folder.md); a change past it is refused whole, with what to do, and the file keeps
 * what it held.
 */

export interface FileSizeCap {
  /** The file as the user knows it, for the message. */
  what: string;
  maxBytes: number;
  /** What the user can do to make room. */
  remedy: string;
}

const MiB = 1024 * 1024;

export const FILE_SIZE_CAPS = {
  /** Thousands of watched pages with their mappings take about 2 MB. */
  settings: { what: 'The settings', maxBytes: 8 * MiB, remedy: 'Stop watching pages you no longer need, or remove their service mappings.' },
  /** 200 groups and 200 mappings of a few hundred services each take well under 1 MB. */
  linkedIncidents: {
    what: 'The linked incidents',
    maxBytes: 4 * MiB,
    remedy: 'Map fewer services between pages; the oldest groups and mappings go as new ones come.',
  },
  /** Templates and languages for a hundred pages take well under 1 MB. */
  incidentPages: { what: 'The incident templates', maxBytes: 4 * MiB, remedy: 'Delete templates you no longer use.' },
  /** 50,000 queued subscribers take about 15 MB. */
  outbox: {
    what: 'The outbox',
    maxBytes: 256 * MiB,
    remedy: 'Let the writes waiting be sent, or discard some of them (Outbox, or statusdesk outbox list).',
  },
  /** A digest of 500 pages is about 150 KB; thousands of messages waiting for a receiver that is down fit well under this. */
  alertQueue: {
    what: 'The alert queue',
    maxBytes: 64 * MiB,
    remedy: 'Let the alerts waiting be delivered, or remove a destination that cannot take them (Settings → Alerts).',
  },
  /**
   * Emptied once each digest is queued (every 2 s in a flood): 500 pages changing at once are about 300 KB. Only a
   * queue that keeps refusing digests lets it grow; past the cap a change is still sent, only not kept on disk.
   */
  alertsGathered: {
    what: 'The alerts gathered for a digest',
    maxBytes: 16 * MiB,
    remedy: 'Let the alerts waiting be queued: see the alert queue’s own problem (Settings → Alerts).',
  },
} as const satisfies Record<string, FileSizeCap>;

function formatMegabytes(bytes: number): string {
  return `${(bytes / MiB).toFixed(bytes >= 10 * MiB ? 0 : 1)} MB`;
}

/** Refuses a write that would make the file hold more than its cap; `bytes`: its size after the write. */
export function refuseOverCap(cap: FileSizeCap, bytes: number): void {
  if (bytes <= cap.maxBytes) return;
  throw new AppError(
    'storage',
    `Not saved: ${cap.what.toLowerCase()} would grow to ${formatMegabytes(bytes)}, past the ${formatMegabytes(cap.maxBytes)} they may hold. ${cap.remedy}`,
  );
}

/** The same for a file written whole from `text`. */
export function refuseTextOverCap(cap: FileSizeCap, text: string): void {
  // Counting UTF-16 units first spares encoding the common small file: a byte length is never under a third of it.
  if (text.length * 3 <= cap.maxBytes) return;
  refuseOverCap(cap, Buffer.byteLength(text, 'utf8'));
}
