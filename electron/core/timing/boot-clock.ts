import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/*
 * A clock the computer's own clock cannot move: the time since the system booted. When the wall clock is set
 * (an NTP correction after a wake, a user fixing a clock that was two hours behind), the time since boot goes on
 * as it was, so "how long ago was this written" stays true across the jump, and across processes of the same
 * boot (a command that queued a write, a later one that sends it). On Linux it counts suspended time too
 * (/proc/uptime is CLOCK_BOOTTIME), and the boot is named by the kernel's boot_id. Elsewhere no boot id is read:
 * a reading then matches only readings of this same process (a command, or the app, that wrote and sends it).
 * Limit: where the OS derives its uptime from the wall clock, a jump moves it too, and the time of writing is
 * then as good as the wall clock was.
 */

export interface BootClockReading {
  /** This boot (Linux's boot_id), or this process where the OS does not say. */
  boot: string;
  uptimeMs: number;
}

export type BootClock = () => BootClockReading;

let boot: string | undefined;

function bootId(): string {
  if (boot === undefined) {
    try {
      boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
    } catch {
      boot = undefined;
    }
    boot ??= `process-${process.pid}-${randomUUID()}`;
  }
  return boot;
}

export const systemBootClock: BootClock = () => ({ boot: bootId(), uptimeMs: Math.round(os.uptime() * 1000) });
