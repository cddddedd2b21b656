import { randomUUID } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import { outboxEnqueueInputSchema, type OutboxEnqueueInput } from '@shared/outbox/requests';
import { quarantineFile } from '@core/storage/quarantine';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { fileErrorReason } from '@core/storage/file-system';
import type { OutboxService } from './outbox-service';

/*
 * Only one process owns the outbox file (outbox-lock.ts). A second process — the command line while the app
 * runs in the tray — hands its write over instead: one file per write in `<data folder>/outbox-handoff/`,
 * written and fsynced before the command says "queued". The owner takes the files in, oldest first, each
 * with the write's own id, so a file read twice (a crash between the enqueue and the unlink) is still one
 * entry: `enqueue` returns the existing entry for a known id.
 */

const HANDOFF_DIR_NAME = 'outbox-handoff';

const handoffFileSchema = z.object({
  version: z.literal(1),
  request: outboxEnqueueInputSchema.extend({ id: z.string().uuid() }),
});

export function handoffDirOf(dataDir: string): string {
  return path.join(dataDir, HANDOFF_DIR_NAME);
}

/** Stores one write for the outbox's owner; resolves once it is durable. Returns the write's id. */
export async function handOffWrite(dataDir: string, request: OutboxEnqueueInput): Promise<string> {
  const id = request.id ?? randomUUID();
  const body = handoffFileSchema.parse({ version: 1, request: { ...request, id } });
  const dir = handoffDirOf(dataDir);
  // The time first, so the owner takes the writes in the order they were handed over.
  const name = `${Date.now().toString().padStart(15, '0')}-${id}.json`;
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(path.join(dir, name), `${JSON.stringify(body)}\n`);
  } catch (error) {
    throw new AppError('storage', `The write could not be handed over (${dir}): ${fileErrorReason(error)}; it was not queued, and nothing was sent.`, {
      cause: error,
    });
  }
  return id;
}

interface OutboxHandoffReceiverOptions {
  dataDir: string;
  outbox: Pick<OutboxService, 'enqueue'>;
  /** A file that could not be taken in was moved aside: the message says where, and why. */
  reportProblem: (message: string) => void;
  /** How often the folder is looked at besides file-system events (they are not reliable everywhere). */
  pollMs?: number;
}

const HANDOFF_FILE = /^\d{15}-[0-9a-f-]{36}\.json$/;

/** The owner's side: takes handed-over writes into the outbox, at start, on file events, and on a slow poll. */
export class OutboxHandoffReceiver {
  readonly #options: OutboxHandoffReceiverOptions;
  readonly #dir: string;
  #watcher: fsSync.FSWatcher | null = null;
  #timer: NodeJS.Timeout | null = null;
  #draining: Promise<number> | null = null;
  #again = false;
  #stopped = false;

  constructor(options: OutboxHandoffReceiverOptions) {
    this.#options = options;
    this.#dir = handoffDirOf(options.dataDir);
  }

  /** Takes in what waits now, then keeps watching. */
  async start(): Promise<number> {
    await fs.mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const taken = await this.drain();
    if (this.#stopped) return taken;
    try {
      this.#watcher = fsSync.watch(this.#dir, () => void this.drain());
      this.#watcher.on('error', () => undefined); // the poll below still runs
    } catch {
      this.#watcher = null;
    }
    this.#timer = setInterval(() => void this.drain(), this.#options.pollMs ?? 2_000);
    this.#timer.unref();
    return taken;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#watcher?.close();
    this.#watcher = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#draining;
  }

  /** Takes every waiting file in, oldest first; one drain at a time, and one more if asked meanwhile. */
  drain(): Promise<number> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    this.#draining = (async () => {
      let taken = 0;
      do {
        this.#again = false;
        taken += await this.#drainOnce();
      } while (this.#again && !this.#stopped);
      return taken;
    })().finally(() => {
      this.#draining = null;
    });
    return this.#draining;
  }

  async #drainOnce(): Promise<number> {
    let names: string[];
    try {
      names = (await fs.readdir(this.#dir)).filter((name) => HANDOFF_FILE.test(name)).sort();
    } catch {
      return 0;
    }
    let taken = 0;
    for (const name of names) {
      if (this.#stopped) break;
      const file = path.join(this.#dir, name);
      let text: string;
      try {
        text = await fs.readFile(file, 'utf8');
      } catch {
        continue; // taken by a drain of another owner before us, or not readable yet
      }
      const parsed = parseHandoff(text);
      if (!parsed.ok) {
        this.#setAside(file, parsed.reason);
        continue;
      }
      try {
        await this.#options.outbox.enqueue(parsed.request);
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_input') {
          this.#setAside(file, error.message);
          continue;
        }
        return taken; // storage trouble: the file stays, the next drain tries again
      }
      await fs.rm(file, { force: true });
      taken += 1;
    }
    return taken;
  }

  #setAside(file: string, reason: string): void {
    try {
      const movedTo = quarantineFile(file);
      this.#options.reportProblem(`A write handed over by the command line could not be queued (${reason}). It was moved to ${movedTo}.`);
    } catch {
      // Gone already: another drain dealt with it.
    }
  }
}

function parseHandoff(text: string): { ok: true; request: z.infer<typeof handoffFileSchema>['request'] } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not valid JSON' };
  }
  const parsed = handoffFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'it is not a write this version understands' };
  return { ok: true, request: parsed.data.request };
}
