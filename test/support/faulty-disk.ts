import fs from 'node:fs/promises';
import type { DurableFileSystem, WritableFile } from '../../electron/core/storage/file-system';

/*
 * A disk that fails the way real ones do, over real files: while "full", a write puts what fits on disk and
 * reports the short count without throwing, and the next write throws ENOSPC (POSIX write(2) on a full file
 * system); an I/O error surfaces at fsync (EIO), which is where the kernel reports lost writeback; a file
 * system gone read-only (ext4 remounts itself so after errors) refuses opens and writes (EROFS). Faults hit appends (files opened with 'a'),
 * compactions (the temp file opened with 'w') or both (a disk full for every file), as chosen.
 */

export type DiskFault = 'short write' | 'ENOSPC' | 'EIO' | 'read-only';
type FaultPlace = 'append' | 'compaction' | 'anywhere';

const errno = (code: string, syscall: string) => Object.assign(new Error(`${code}: simulated ${syscall} failure`), { code, syscall, errno: -1 });

export class FaultyDisk implements DurableFileSystem {
  #fault: { kind: DiskFault; place: FaultPlace } | null = null;
  /** Writes that hit the fault (each one a chance for a torn record). */
  hits = 0;

  fail(kind: DiskFault, place: FaultPlace): void {
    this.#fault = { kind, place };
  }

  /** Space freed, the disk remounted read-write: everything works again. */
  heal(): void {
    this.#fault = null;
  }

  #active(place: FaultPlace, kind: DiskFault): boolean {
    return this.#fault !== null && (this.#fault.place === place || this.#fault.place === 'anywhere') && this.#fault.kind === kind;
  }

  async open(filePath: string, flags: 'a' | 'w', mode: number): Promise<WritableFile> {
    const place: FaultPlace = flags === 'a' ? 'append' : 'compaction';
    if (this.#active(place, 'read-only')) {
      this.hits++;
      throw errno('EROFS', 'open');
    }
    const handle = await fs.open(filePath, flags, mode);
    let spaceLeft = true;
    return {
      write: async (buffer, offset, length) => {
        if (this.#active(place, 'short write')) {
          this.hits++;
          if (!spaceLeft) throw errno('ENOSPC', 'write');
          spaceLeft = false;
          // What fits: about half of it, really written.
          const fits = Math.max(1, Math.floor(length / 2));
          return handle.write(buffer, offset, fits);
        }
        if (this.#active(place, 'ENOSPC') || this.#active(place, 'read-only')) {
          this.hits++;
          throw errno(this.#active(place, 'ENOSPC') ? 'ENOSPC' : 'EROFS', 'write');
        }
        return handle.write(buffer, offset, length);
      },
      sync: async () => {
        if (this.#active(place, 'EIO')) {
          this.hits++;
          throw errno('EIO', 'fsync');
        }
        await handle.sync();
      },
      truncate: (length) => handle.truncate(length),
      stat: () => handle.stat(),
      close: () => handle.close(),
    };
  }
}
