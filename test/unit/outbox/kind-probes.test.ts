import { afterEach, describe, expect, it } from 'vitest';
import { ManualNetworkSignals } from '../../../electron/core/connectivity/network-signals';
import type { ServerProbe } from '../../../electron/core/connectivity/hello-probe';
import type { OutboxKindHandler } from '../../../electron/core/outbox/kinds';
import { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { makeTempDir } from '../../support/temp-dir';

/** A kind whose server refuses until `up` is set. */
function kind(name: string, server: string, probe?: ServerProbe): OutboxKindHandler & { up: boolean } {
  const handler = {
    up: false,
    kind: name,
    ...(probe ? { probe } : {}),
    prepare: (request: { input: Record<string, unknown> }) => ({ resourceKey: `${name}:${String(request.input.id)}` }),
    serverOf: () => server,
    async send() {
      if (!handler.up) throw new Error('refused');
      return { type: 'sent' as const, result: {} };
    },
    classify: () => ({ type: 'retry' as const, error: { code: 'network' as const, message: 'refused' }, ambiguous: false, offline: true }),
  };
  return handler;
}

let tmp: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 50 });
  outbox = undefined;
  tmp.remove();
});

describe('the outbox probes each server the way its kind says', () => {
  it('routes the probe by the kind that named the server, with the first kind probe as fallback', async () => {
    tmp = makeTempDir('outbox-probes-');
    const probed: string[] = [];
    const first = kind('first', 'https://first.example', async (baseUrl) => {
      probed.push(`first-probe:${baseUrl}`);
      return first.up;
    });
    const second = kind('second', 'https://second.example', async (baseUrl) => {
      probed.push(`second-probe:${baseUrl}`);
      return second.up;
    });
    const plain = kind('plain', 'https://plain.example');
    outbox = await OutboxService.open({
      dataDir: tmp.dir,
      kinds: [first, second, plain],
      signals: new ManualNetworkSignals(true),
      probeDelay: { initialMs: 10_000 },
    });
    outbox.start();
    for (const name of ['first', 'second', 'plain']) await outbox.enqueue({ kind: name, accountId: 'x', operation: 'op', input: { id: 1 } });
    await new Promise((r) => setTimeout(r, 50));
    first.up = second.up = plain.up = true;
    await outbox.flush({ timeoutMs: 2_000 });
    expect(probed).toContain('first-probe:https://first.example');
    expect(probed).toContain('second-probe:https://second.example');
    // A kind without a probe falls back to the first kind's.
    expect(probed).toContain('first-probe:https://plain.example');
    expect(probed.some((p) => p.startsWith('second-probe:') && !p.endsWith('second.example'))).toBe(false);
    expect(outbox.list().every((e) => e.state === 'sent')).toBe(true);
  });
});
