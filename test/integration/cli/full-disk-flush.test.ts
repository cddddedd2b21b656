import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { nodeFileSystem, type WritableFile } from '../../../electron/core/storage/file-system';
import { type makeTempDir } from '../../support/temp-dir';
import { simulatorPerFile } from './support/simulator-per-file';
import { runCliIn } from './support/run-cli';

/*
 * A disk that filled up during `outbox flush` ended it with "sent 26; left: 274 pending"
 * and no word of ENOSPC. The flush now names it: what failed (the disk is full, the outbox file), what it
 * means (nothing more is sent; the writes left are kept), and what to do. The full disk is put behind the
 * outbox's file layer (storage/file-system.ts), the seam every outbox write goes through.
 */

const WRITES = 30;
/**
 * Appends that still fit on the disk: the first send's records ("being sent", then "sent": the outbox tries one
 * write until the server has answered), then the next sends' "being sent" (group commit writes them at once),
 * whose "sent" no longer fits.
 */
const APPENDS_THAT_FIT = 3;

const world = simulatorPerFile({ afterEach: () => vi.restoreAllMocks() });
let home: ReturnType<typeof makeTempDir> | undefined;

const key = world.key;
/** A failure's words as a sentence may print them (capital first letter, full stop): compared without either. */
const words = (text: string) =>
  text.replace(/^(statusdesk: )?(.)/, (_, prefix: string | undefined, first: string) => `${prefix ?? ''}${first.toLowerCase()}`).replace(/\.(\n?)$/, '$1');
const createdTitles = () => world.sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);

/** node:fs as the outbox uses it, on a disk that is full after `fit` more appends: each later write throws ENOSPC. */
function fillDiskAfter(fit: number): { hits: () => number } {
  let appends = 0;
  let hits = 0;
  vi.spyOn(nodeFileSystem, 'open').mockImplementation(async (filePath, flags, mode): Promise<WritableFile> => {
    const handle = await fs.open(filePath, flags, mode);
    return {
      write: async (buffer, offset, length) => {
        if (flags === 'w' || ++appends > fit) {
          hits++;
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
        }
        return handle.write(buffer, offset, length);
      },
      sync: () => handle.sync(),
      truncate: (length) => handle.truncate(length),
      stat: () => handle.stat(),
      close: () => handle.close(),
    };
  });
  return { hits: () => hits };
}

describe('outbox flush on a disk that fills up', () => {
  it('names the full disk, says the writes left are kept and what to do; after space is freed they are all sent, once', async () => {
    home = world.newHome('statusdesk-cli-full-disk-');
    await world.queueCreates(home.dir, WRITES);
    const outboxFile = path.join(home.dir, 'outbox.jsonl');

    const disk = fillDiskAfter(APPENDS_THAT_FIT);
    const flushed = await runCliIn(home.dir, ['outbox', 'flush', '--timeout', '3'], key());
    expect(disk.hits(), JSON.stringify(flushed)).toBeGreaterThan(0);
    expect(flushed.code).toBe(1);
    const [, sent, pending, inFlight] = /^sent (\d+); left: (\d+) pending(?: \([^)]*\))?(?:, (\d+) in flight)?/.exec(flushed.stdout) ?? [];
    const left = Number(pending) + Number(inFlight ?? 0);
    expect(Number(sent), flushed.stdout).toBeGreaterThan(0);
    expect(Number(sent) + left).toBe(WRITES);
    // The flush's progress lines come first (outbox-flush-progress.test.ts); the failure's words close it.
    expect(words(flushed.stderr.replace(/^sent \d+ of \d+.*\n/gm, ''))).toBe(
      `statusdesk: the disk is full (ENOSPC): the outbox file ${outboxFile} could not be written; nothing is sent while a write's sending cannot be recorded, ` +
        `so the flush stopped after ${sent} sent; the ${left} writes left are kept in the outbox (a write sent just before may still show as not sent: ` +
        `it is looked up on the server before it is sent again, never sent twice). What to do: free space on that disk (or fix it), then run "statusdesk outbox flush" again\n`,
    );
    // Every write counted as sent is on the server. A write whose answer had not come within the flush's 3 s when
    // it stopped (a busy machine) may be there too, uncounted: how many depends on the machine, so it is bounded,
    // not counted (the look-up below finds them, and none is sent twice).
    const onServerAtFailure = createdTitles().length;
    expect(onServerAtFailure).toBeGreaterThanOrEqual(Number(sent));
    expect(onServerAtFailure - Number(sent)).toBeLessThanOrEqual(left);

    // Still full: the outbox cannot even be opened (writes left "being sent" make it write the file whole first),
    // so nothing can be sent; what waits is read from the file as it is and said.
    const json = await runCliIn(home.dir, ['--json', 'outbox', 'flush', '--timeout', '1'], key());
    expect(json.code).toBe(1);
    const { error } = JSON.parse(json.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe('storage');
    const [, queued, unknown] =
      /^the disk is full \(ENOSPC\): the outbox file .* could not be written, so nothing can be sent \(a write is sent only once its sending is recorded\)\. Queued: (\d+) writes pending \((\d+) of unknown outcome, looked up on the server before any resend\)\. What to do: free space on that disk \(or fix it\), then run "statusdesk outbox flush"$/.exec(
        words(error.message),
      ) ?? [];
    expect(Number(queued), error.message).toBeGreaterThanOrEqual(left);
    expect(Number(unknown)).toBeGreaterThan(0);

    // Space freed: every write is sent, none twice. A write sent before whose "sent" could not be recorded is
    // found on the server by its look-up: counted apart, not as sent again (the counts added up to more than WRITES).
    vi.restoreAllMocks();
    const onServerBefore = createdTitles().length;
    const again = await runCliIn(home.dir, ['outbox', 'flush'], key());
    expect(again.code, again.stderr).toBe(0);
    const [, sentAfter, foundAfter] = /^sent (\d+) \((\d+) more found on the server, sent before: not sent again\); nothing left\n$/.exec(again.stdout) ?? [];
    expect(Number(sentAfter), again.stdout).toBe(WRITES - onServerBefore);
    expect(Number(foundAfter)).toBeGreaterThan(0);
    expect(createdTitles().sort()).toEqual(Array.from({ length: WRITES }, (_, i) => `Queued ${i + 1}`).sort());
  });

  it('a write that cannot be queued on a full disk says so: not queued, nothing sent, what to do', async () => {
    home = world.newHome('statusdesk-cli-full-disk-');
    await world.queueCreates(home.dir, WRITES);
    fillDiskAfter(0);
    const refused = await runCliIn(
      home.dir,
      ['--base-url', world.sim.baseUrl, 'incidents', 'create', 'acme', '--title', 'On a full disk', '--type', 'minor'],
      key(),
    );
    expect(refused.code).toBe(1);
    expect(words(refused.stderr)).toBe(
      `statusdesk: the disk is full (ENOSPC): the outbox file ${path.join(home.dir, 'outbox.jsonl')} could not be written; the write was not queued, and nothing was sent. ` +
        'What to do: free space on that disk (or fix it), then run the command again\n',
    );
    expect(createdTitles()).toEqual([]);
  });
});
