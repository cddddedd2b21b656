import fs from 'node:fs/promises';
import path from 'node:path';
import { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import type { BackoffPolicy } from '@core/timing/backoff';
import { KindProbes } from './kind-probes';
import { OutboxKindRegistry } from './kinds';
import { acquireOutboxLock } from './outbox-lock';
import type { OutboxServiceOptions } from './outbox-options';
import { OUTBOX_FILE_NAME, OutboxStore } from './outbox-store';

/** 1 s, 2 s, 4 s … up to a minute, ±20 %. */
export const RESEND_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000, jitter: 0.2 };

/** What open() puts together before the service exists. */
export interface OutboxParts {
  store: OutboxStore;
  kinds: OutboxKindRegistry;
  connectivity: ConnectivityMonitor;
  /** Built here (started and stopped with the outbox) rather than shared by the app. */
  ownsConnectivity: boolean;
  /** Releases the file lock. */
  release: () => void;
  probes: KindProbes | null;
}

/** Locks and loads the file and builds (or takes) the connectivity monitor: everything the service needs before it exists. */
export async function assembleOutbox(options: OutboxServiceOptions): Promise<OutboxParts> {
  const filePath = options.filePath ?? (options.dataDir ? path.join(options.dataDir, OUTBOX_FILE_NAME) : null);
  if (filePath === null) throw new TypeError('OutboxService needs dataDir or filePath');
  const handlers = options.kinds instanceof OutboxKindRegistry ? null : [...options.kinds];
  const kinds = options.kinds instanceof OutboxKindRegistry ? options.kinds : new OutboxKindRegistry(handlers ?? []);
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const release = options.lock === false ? () => undefined : acquireOutboxLock(`${filePath.replace(/\.jsonl$/, '')}.lock`, options.owner ?? 'cli');
  let store: OutboxStore;
  try {
    store = await OutboxStore.open({
      filePath,
      ...(options.now ? { now: options.now } : {}),
      ...(options.compactMinLines === undefined ? {} : { compactMinLines: options.compactMinLines }),
      ...(options.keepSent === undefined ? {} : { keepSent: options.keepSent }),
      ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  // Without an explicit probe, each server is probed the way its kind says (see #serverOf).
  const fallback = handlers?.find((k) => k.probe)?.probe;
  const probes = options.probe === undefined && options.connectivity === undefined ? new KindProbes(fallback) : null;
  const probe = options.probe ?? probes?.probe;
  const owns = options.connectivity === undefined;
  const connectivity =
    options.connectivity ??
    new ConnectivityMonitor({
      ...(options.signals ? { signals: options.signals } : {}),
      ...(probe ? { probe } : {}),
      ...(options.probeDelay?.initialMs === undefined ? {} : { initialDelayMs: options.probeDelay.initialMs }),
      ...(options.probeDelay?.maxMs === undefined ? {} : { maxDelayMs: options.probeDelay.maxMs }),
    });
  return { store, kinds, connectivity, ownsConnectivity: owns, release, probes };
}
