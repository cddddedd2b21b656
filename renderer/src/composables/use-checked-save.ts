import { ref } from 'vue';
import { ApiError } from '@/api';
import { useAttempt } from './use-attempt';

/** What one check before saving found: fine, refused for the input (with the reason), or not made (offline, the server failing). */
export type CheckVerdict = { ok: true } | { ok: false; reason: string; couldNotCheck: boolean };

/** A check that could not be made says nothing about the input: the server or the network failed, not the form. */
export function couldNotCheck(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'network' || error.code === 'timeout' || error.code === 'rate_limited' || (error.code === 'http' && (error.status ?? 0) >= 500);
}

/**
 * Save after one check (Watch a page, Save account): a check that fails for the input is refused with its
 * reason and nothing is saved; one that could not be made offers Save anyway, with the reason. The busy flag
 * and the failure's words are useAttempt's.
 */
export function useCheckedSave() {
  const { busy, failure, attempt } = useAttempt();
  /** The reason the check could not be made, while Save anyway is offered. */
  const unchecked = ref<string | null>(null);
  let pendingSave: (() => Promise<void>) | null = null;

  async function checkThenSave(check: () => Promise<CheckVerdict>, save: () => Promise<void>): Promise<boolean> {
    unchecked.value = null;
    pendingSave = null;
    let saved = false;
    await attempt(async () => {
      const verdict = await check();
      if (!verdict.ok) {
        if (verdict.couldNotCheck) {
          unchecked.value = verdict.reason;
          pendingSave = save;
        } else failure.value = verdict.reason;
        return;
      }
      await save();
      saved = true;
    });
    return saved;
  }

  /** Saves what the check could not reach, as the user chose. */
  async function saveAnyway(): Promise<boolean> {
    const save = pendingSave;
    if (!save) return false;
    const saved = await attempt(save);
    if (saved) {
      unchecked.value = null;
      pendingSave = null;
    }
    return saved;
  }

  return { busy, failure, unchecked, checkThenSave, saveAnyway };
}
