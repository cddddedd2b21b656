import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import type { ServerProbe } from '@core/connectivity/hello-probe';
import type { NetworkSignals } from '@core/connectivity/network-signals';
import type { BackoffPolicy } from '@core/timing/backoff';
import type { BootClock } from '@core/timing/boot-clock';
import type { OutboxKindHandler, OutboxKindRegistry } from './kinds';
import type { OutboxOwnerRole } from './outbox-lock';
import type { DurableFileSystem } from '@core/storage/file-system';

export interface OutboxServiceOptions {
  /** The data folder shared by the app and the command line; the file is `<dataDir>/outbox.jsonl`. */
  dataDir?: string;
  filePath?: string;
  kinds: Iterable<OutboxKindHandler> | OutboxKindRegistry;
  /** Shared with other features (its owner starts and stops it), or built here from `signals` and `probe`. */
  connectivity?: ConnectivityMonitor;
  signals?: NetworkSignals;
  /** Reachability probe of a connectivity monitor built here, for every server; default: each server's kind's, else the first kind's, else GET /hello. */
  probe?: ServerProbe;
  /** Probe backoff of a connectivity monitor built here. */
  probeDelay?: { initialMs?: number; maxMs?: number };
  /** Writes of one account in flight at once (all accounts' writes share their account's rate limiter). */
  maxInFlightPerAccount?: number;
  /** Resends after a failure: the app's backoff (timing/backoff.ts) with these figures. */
  backoff?: Partial<BackoffPolicy>;
  now?: () => number;
  /** The time since boot, which the computer's clock cannot move (timing/boot-clock.ts); tests give their own. */
  bootClock?: BootClock;
  /** A damaged outbox file was moved aside (told once, after loading). */
  onProblem?: (problem: OutboxProblem) => void;
  compactMinLines?: number;
  keepSent?: number;
  /** One process owns the file (default true). */
  lock?: boolean;
  /** Who takes the lock, so a process that finds it taken knows whether to wait or hand writes over. */
  owner?: OutboxOwnerRole;
  /** node:fs by default; the disk fault tests put a faulty disk here. */
  fileSystem?: DurableFileSystem;
}

export interface OutboxProblem {
  kind: 'outbox_damaged';
  message: string;
  movedTo: string | null;
}

export interface OutboxFlushOptions {
  /** Give up waiting after this long (entries in backoff stay queued); default: no limit. */
  timeoutMs?: number;
  /** Only these accounts' entries (the command line flushes its own account). */
  accountIds?: string[];
  ids?: string[];
  /** Told after each write of the flush is sent: how many so far, of how many it set out to send. */
  onProgress?: (sent: number, total: number) => void;
  /** false: the caller does not read the report, so none is made (it looks at every write in scope); resolves with null. */
  report?: boolean;
}
