import type { DurableFileSystem } from '@core/storage/file-system';
import type { FileSizeCap } from '@core/storage/file-size-cap';

// What opening the outbox file found (its load report), and what the store is opened with.

export interface OutboxLoadReport {
  filePath: string;
  entries: number;
  /** Entries found in flight (a crash while sending): they are reconciled before any resend. */
  recoveredInFlight: number;
  invalidLines: number;
  tornTail: boolean;
  /** Where a damaged file was moved, or null. */
  quarantinedTo: string | null;
  /** A sentence for the user when something was wrong, else null. */
  problem: string | null;
}

export interface OutboxStoreOptions {
  filePath: string;
  now?: () => number;
  /** Compact once the file has more than max(this, 3 × live records) lines. */
  compactMinLines?: number;
  /**
   * Sent entries kept (the newest) when compacting; older ones are forgotten. The file is compacted as soon as it
   * holds half again as many, so it holds from `keepSent` to 1.5 × `keepSent` sent entries (default 100: at most
   * 150).
   */
  keepSent?: number;
  onLoad?: (report: OutboxLoadReport) => void;
  /** node:fs by default; tests put a faulty disk here. */
  fileSystem?: DurableFileSystem;
  /** The most the file may hold before new writes are refused; FILE_SIZE_CAPS.outbox by default. */
  sizeCap?: FileSizeCap;
}
