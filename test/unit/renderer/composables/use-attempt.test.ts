import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/src/api';
import { useAttempt } from '../../../../renderer/src/composables/use-attempt';

describe('useAttempt', () => {
  it('is busy while the action runs and answers that it succeeded', async () => {
    const { busy, failure, attempt } = useAttempt();
    let release!: () => void;
    const running = attempt(() => new Promise<void>((resolve) => (release = resolve)));
    expect(busy.value).toBe(true);
    release();
    await expect(running).resolves.toBe(true);
    expect(busy.value).toBe(false);
    expect(failure.value).toBeNull();
  });

  it("keeps the main process's words for a refused call, and never throws", async () => {
    const { busy, failure, attempt } = useAttempt();
    const ok = await attempt(() => Promise.reject(new ApiError({ code: 'unauthorized', message: 'The API key was refused.' })));
    expect(ok).toBe(false);
    expect(failure.value).toBe('The API key was refused.');
    expect(busy.value).toBe(false);
  });

  it('shows no internals of an unexpected failure', async () => {
    const { failure, attempt } = useAttempt();
    await attempt(() => Promise.reject(new Error('TypeError at secret-path.ts:12')));
    expect(failure.value).toBe('Something went wrong inside Statusdesk.');
  });

  it('clears the last failure when the next attempt starts', async () => {
    const { failure, attempt } = useAttempt();
    await attempt(() => Promise.reject(new ApiError({ code: 'network', message: 'Offline.' })));
    const next = attempt(() => new Promise<void>(() => undefined));
    expect(failure.value).toBeNull();
    void next;
  });
});
