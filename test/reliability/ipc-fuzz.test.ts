import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../electron/core/app-core';
import { startOperationsSimulator, type OperationsSimulator } from '../../simulators/operations';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { seededRandom } from '../../simulators/translation/faults';
import { startTranslationSimulator, type TranslationSimulator } from '../../simulators/translation';
import type { KeychainSecretStore } from '../../electron/core/vault/keychain-store';
import { secretNames } from '../../electron/core/vault/key-vault';
import { ipcChannels, ipcContract } from '../../shared/ipc/contract';
import type { InvokeChannel } from '../../shared/ipc/define';
import { reportFigures } from '../support/report-figures';
import { makeTempDir } from '../support/temp-dir';
import { dispatch, invoke, openCore, testKeychain } from './support/app';
import { FUZZ_MARK, malformedPayload } from './support/fuzz-payloads';
import { MODE, SIZES } from './support/mode';

/*
 * IPC fuzz: 10,000 malformed payloads (2,000 quick), spread over every invoke channel of the contract,
 * generated from each channel's request schema, sent through the one dispatcher the window's IPC goes
 * through, from the app's own frame. Every one is refused with a typed `invalid_input` error whose message
 * is short and echoes nothing sent; no handler runs: no file in the data folder changes (contents and
 * mtimes), the simulators see no request, nothing is pushed to the window, and Object.prototype is clean.
 */

const OP = 'projects/demo/locations/global/operations/fuzz-1';
const TRANSLATION_KEY = 'sim-reliability-fuzz-key-7a0c';

let statusSim: StatusPageSimulator;
let translationSim: TranslationSimulator;
let operationsSim: OperationsSimulator;
let keychain: KeychainSecretStore;
let temp: ReturnType<typeof makeTempDir>;
let core: AppCore;
const ids: string[] = [];

/** Every file under `dir` with its size, mtime and hash. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    out[path.relative(dir, file)] = `${stat.size} ${stat.mtimeMs} ${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`;
  }
  return out;
}

beforeAll(async () => {
  statusSim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  translationSim = await startTranslationSimulator({ key: TRANSLATION_KEY });
  operationsSim = await startOperationsSimulator({ operations: [OP] });
  keychain = testKeychain();
  temp = makeTempDir('statusdesk-fuzz-');
  // A data folder with something in every file the handlers could write.
  core = openCore(temp.dir, { keychain });
  await core.start();
  const account = await invoke<{ id: string }>(core, 'accounts.add', {
    name: 'Acme',
    region: 'custom',
    baseUrl: statusSim.baseUrl,
    subdomain: 'acme',
    organizationId: '1',
    apiKey: statusSim.keys.demoReadWrite,
  });
  // The account brought its page; polled only when asked here.
  const [own] = await invoke<Array<{ id: string }>>(core, 'monitor.pages');
  const page = await invoke<{ id: string }>(core, 'monitor.updatePage', { id: own!.id, intervalSec: 86_400 });
  ids.push(account.id, page.id);
  await invoke(core, 'monitor.pollNow');
  statusSim.openIncident({ page: 'acme', title: 'Fuzz baseline', type: 'minor' });
  await invoke(core, 'monitor.pollNow');
  await invoke(core, 'translation.setSettings', { baseUrl: translationSim.baseUrl });
  await invoke(core, 'translation.setKey', { key: TRANSLATION_KEY });
  await invoke(core, 'translation.translate', { from: 'en', to: 'de', texts: ['We are investigating.'] });
  await invoke(core, 'operations.setSettings', { baseUrl: operationsSim.baseUrl });
  await invoke(core, 'operations.pasteToken', { token: operationsSim.issueAccessToken() });
  await invoke(core, 'operations.forget', { names: [OP] });
  const queued = await invoke<{ id: string }>(core, 'outbox.enqueue', {
    accountId: account.id,
    operation: 'createIncident',
    input: { subdomain: 'acme', incident: { type: 'minor', title: 'Fuzz write' } },
  });
  ids.push(queued.id);
  await (await core.outbox.service()).flush();
  // Let the debounced pushes and writes of the set-up finish before the baseline is taken.
  await new Promise((r) => setTimeout(r, 500));
}, 60_000);

afterAll(async () => {
  await core?.dispose();
  for (const name of [secretNames.translationKey(), ...ids.map((id) => secretNames.statusPageKey(id))]) await keychain.delete(name).catch(() => false);
  await statusSim?.close();
  await translationSim?.close();
  await operationsSim?.close();
  temp?.remove();
});

describe('IPC fuzz', () => {
  it(`${SIZES.fuzzPayloads.toLocaleString('en-US')} malformed payloads over every invoke channel: all refused as invalid_input, nothing written`, async (context) => {
    const channels = ipcChannels.filter((c) => c.kind === 'invoke').map((c) => c.channel);
    expect(channels.length).toBeGreaterThan(40);
    const perChannel = Math.ceil(SIZES.fuzzPayloads / channels.length);
    const random = seededRandom(20_240_601);
    const options = { random, pool: ids };

    const filesBefore = filesOf(temp.dir);
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const writesBefore = statusSim.writeLog().length;
    const requestsBefore = {
      status: statusSim.requestCount(),
      translation: translationSim.stats().requests.total,
      operations: operationsSim.requests().length,
    };
    const pushed: string[] = [];
    const disconnect = core.events.connect((channel) => pushed.push(channel));

    const started = performance.now();
    let sent = 0;
    const problems: string[] = [];
    try {
      for (const channel of channels) {
        const schema = (ipcContract[channel as keyof typeof ipcContract] as InvokeChannel).request;
        for (let i = 0; i < perChannel; i++) {
          const { payload, mutations } = malformedPayload(schema, options);
          const result = await dispatch(core, channel, payload);
          sent++;
          const what = `${channel} with ${mutations.join(', ')}`;
          if (result.ok) problems.push(`accepted: ${what}`);
          else {
            if (result.error.code !== 'invalid_input') problems.push(`${result.error.code} (not invalid_input): ${what}: ${result.error.message}`);
            if (result.error.message.length > 1_000) problems.push(`a ${result.error.message.length}-character message: ${what}`);
            if (result.error.message.includes(FUZZ_MARK)) problems.push(`the message echoes the payload: ${what}`);
            if (/\n\s+at /.test(result.error.message)) problems.push(`a stack in the message: ${what}`);
          }
          if (problems.length > 20) break;
        }
      }
    } finally {
      disconnect();
    }
    const ms = Math.round(performance.now() - started);
    reportFigures(context.task, { mode: MODE, payloads: sent, channels: channels.length });
    console.log(`IPC fuzz: ${sent} payloads over ${channels.length} channels in ${ms} ms`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(SIZES.fuzzPayloads);

    // No handler ran: nothing written, nothing sent, nothing pushed, no prototype touched.
    await new Promise((r) => setTimeout(r, 300));
    expect(filesOf(temp.dir)).toEqual(filesBefore);
    expect(statusSim.writeLog().length).toBe(writesBefore);
    expect({ status: statusSim.requestCount(), translation: translationSim.stats().requests.total, operations: operationsSim.requests().length }).toEqual(
      requestsBefore,
    );
    expect(pushed).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
