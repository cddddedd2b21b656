import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { FILE_SIZE_CAPS } from '../../../electron/core/storage/file-size-cap';
import { LINKED_INCIDENTS_FILE_NAME } from '../../../electron/core/incidents/linked-incidents';
import { INCIDENT_PAGES_FILE_NAME } from '../../../electron/core/incidents/incident-page-store';
import { CURRENT_SETTINGS_VERSION, defaultSettings } from '../../../electron/core/settings/settings-schema';
import { MAX_IMPORTED_SUBSCRIBERS, MAX_LISTED_ERRORS, MAX_SUBSCRIBER_CSV_BYTES } from '../../../shared/admin/subscriber-csv';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Every request the window makes is bounded on its own; these are the files that bounded requests, repeated,
 * could grow without end. Each is seeded just under its cap, then one more request within its own bounds is
 * refused with what to do, and the file keeps what it held.
 */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };
const temps: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.remove();
});

type Answer = { ok: boolean; value?: unknown; error?: { code: string; message: string } };

async function withCore(
  seed: (dataDir: string) => void,
  run: (call: (channel: string, request?: unknown) => Promise<Answer>, dataDir: string) => Promise<void>,
) {
  const home = makeTempDir('statusdesk-bounded-files-');
  temps.push(home);
  seed(home.dir);
  const core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
  try {
    await run(async (channel, request) => (await core.dispatcher.dispatch(channel, request, sender)) as Answer, home.dir);
  } finally {
    await core.dispose();
  }
}

/** The largest map one request may carry: 1,000 services, each mapped to five (5,000 ids, a line each in the file). */
function fullMap(): Record<string, number[]> {
  return Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [String(i + 1), Array.from({ length: 5 }, (_, k) => 10_000 + i * 5 + k)]));
}

const page = (i: number) => ({ accountId: `account-${i}`, subdomain: `page-${i}` });

function expectRefusedOver(answer: Answer, what: string) {
  expect(answer).toMatchObject({ ok: false, error: { code: 'storage' } });
  expect(answer.error!.message).toMatch(new RegExp(`^Not saved: ${what} would grow to [\\d.]+ MB, past the [\\d.]+ MB they may hold\\. \\S`));
}

describe('files the window can grow stop at their cap', () => {
  it('linked incidents: mappings saved past the cap are refused, and the file keeps the ones it had', async () => {
    const filePath = (dir: string) => path.join(dir, LINKED_INCIDENTS_FILE_NAME);
    await withCore(
      (dir) => {
        // Service mappings, each within its bounds, until the file is just under its cap.
        const mappings: unknown[] = [];
        let text = '';
        for (let i = 0; ; i++) {
          const next: unknown[] = [...mappings, { from: page(i), to: page(i + 1), map: fullMap() }];
          const nextText = `${JSON.stringify({ format: 'statusdesk.linked-incidents', version: 1, groups: [], mappings: next }, null, 2)}\n`;
          if (Buffer.byteLength(nextText) > FILE_SIZE_CAPS.linkedIncidents.maxBytes - 200_000) break;
          mappings.push(next.at(-1)!);
          text = nextText;
        }
        fs.writeFileSync(filePath(dir), text);
      },
      async (call, dir) => {
        let refused: Answer | undefined;
        let before = '';
        for (let i = 900; i < 1_000 && !refused; i++) {
          before = fs.readFileSync(filePath(dir), 'utf8');
          const answer = await call('linked.saveMapping', { from: page(i), to: page(i + 1), map: fullMap() });
          if (!answer.ok) refused = answer;
        }
        expect(refused).toBeDefined();
        expectRefusedOver(refused!, 'the linked incidents');
        expect(fs.readFileSync(filePath(dir), 'utf8')).toBe(before);
        // What was kept is still there, and a small change still fits.
        expect((await call('linked.mapping', { from: page(0), to: page(1) })).value).toEqual(fullMap());
        expect(await call('linked.saveMapping', { from: page(0), to: page(1), map: { 1: [2] } })).toMatchObject({ ok: true });
        expect(fs.statSync(filePath(dir)).size).toBeLessThanOrEqual(FILE_SIZE_CAPS.linkedIncidents.maxBytes);
      },
    );
  });

  it('settings: service mappings on watched pages past the cap are refused, and the settings stay as they were', async () => {
    const filePath = (dir: string) => path.join(dir, 'settings.json');
    const providerPage = (i: number, serviceMappings: Record<string, Record<string, number[]>>) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      kind: 'provider',
      url: `http://127.0.0.1:9/provider-${i}`,
      subdomain: `provider-${i}`,
      region: 'us',
      intervalSec: 86_400,
      muted: false,
      mutedServiceIds: [],
      followedIncidentIds: [],
      serviceMappings,
    });
    await withCore(
      (dir) => {
        const oneAccount = { 'acct-0': fullMap() };
        const settingsWith = (watchedPages: unknown[]) => ({ ...defaultSettings(), schemaVersion: CURRENT_SETTINGS_VERSION, watchedPages });
        const sizeOf = (pages: unknown[]) => Buffer.byteLength(JSON.stringify(settingsWith(pages), undefined, '\t'));
        // Pages of one mapping each, as many as leave about two mappings' room under the cap.
        const base = sizeOf([]);
        const perPage = sizeOf([providerPage(0, oneAccount)]) - base;
        const count = Math.floor((FILE_SIZE_CAPS.settings.maxBytes - 150_000 - base) / perPage);
        const settings = settingsWith(Array.from({ length: count }, (_, i) => providerPage(i, oneAccount)));
        fs.writeFileSync(filePath(dir), JSON.stringify(settings, undefined, '\t'));
      },
      async (call, dir) => {
        const id = providerPage(0, {}).id;
        let refused: Answer | undefined;
        let before = '';
        // Each request within its bounds (one account's mapping of one page), repeated.
        for (let a = 1; a < 50 && !refused; a++) {
          before = fs.readFileSync(filePath(dir), 'utf8');
          const answer = await call('monitor.updatePage', { id, serviceMapping: { accountId: `acct-${a}`, map: fullMap() } });
          if (!answer.ok) refused = answer;
        }
        expect(refused).toBeDefined();
        expectRefusedOver(refused!, 'the settings');
        expect(fs.statSync(filePath(dir)).size).toBeLessThanOrEqual(FILE_SIZE_CAPS.settings.maxBytes);
        // The refused mapping was not kept.
        expect(fs.readFileSync(filePath(dir), 'utf8')).toBe(before);
        // Other settings still save.
        expect(await call('monitor.updatePage', { id, muted: true })).toMatchObject({ ok: true });
      },
    );
  });

  it('incident templates: a template saved past the cap is refused, and the templates kept stay', async () => {
    const filePath = (dir: string) => path.join(dir, INCIDENT_PAGES_FILE_NAME);
    const template = (n: number) => ({
      id: `t-${n}`,
      name: `Template ${n}`,
      title: 'Database slow',
      type: 'minor',
      serviceIds: [],
      message: 'x'.repeat(10_000),
    });
    await withCore(
      (dir) => {
        const pages: unknown[] = [];
        for (let i = 0; ; i++) {
          const next: unknown[] = [...pages, { ...page(i), templates: Array.from({ length: 100 }, (_, n) => template(n)), languages: [] }];
          if (
            Buffer.byteLength(JSON.stringify({ format: 'statusdesk.incident-pages', version: 1, pages: next }, null, 2)) >
            FILE_SIZE_CAPS.incidentPages.maxBytes - 50_000
          )
            break;
          pages.push(next.at(-1)!);
        }
        fs.writeFileSync(filePath(dir), `${JSON.stringify({ format: 'statusdesk.incident-pages', version: 1, pages }, null, 2)}\n`);
      },
      async (call, dir) => {
        const { id: _id, name: _name, ...content } = template(0);
        let refused: Answer | undefined;
        let before = '';
        for (let n = 0; n < 100 && !refused; n++) {
          before = fs.readFileSync(filePath(dir), 'utf8');
          const answer = await call('incidents.saveTemplate', { ...page(500), name: `New ${n}`, content });
          if (!answer.ok) refused = answer;
        }
        expect(refused).toBeDefined();
        expectRefusedOver(refused!, 'the incident templates');
        expect(fs.statSync(filePath(dir)).size).toBeLessThanOrEqual(FILE_SIZE_CAPS.incidentPages.maxBytes);
        expect(fs.readFileSync(filePath(dir), 'utf8')).toBe(before);
        expect((await call('incidents.pagePrefs', page(0))).value).toMatchObject({
          templates: expect.arrayContaining([expect.objectContaining({ id: 't-0' })]),
        });
      },
    );
  });
});

describe('imports parse in the main process, with caps', () => {
  it('a subscriber file is checked over IPC: too large refused before parsing, rows and listed problems capped, an open quote named', async () => {
    await withCore(
      () => undefined,
      async (call) => {
        const parse = (text: string, known: string[] = []) => call('imports.subscribers', { text, known });
        // Past the file's cap: refused as the request arrives, before a line is read.
        expect(await parse('x'.repeat(MAX_SUBSCRIBER_CSV_BYTES + 1))).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
        // More rows than one import takes: refused whole.
        const tooMany = Array.from({ length: MAX_IMPORTED_SUBSCRIBERS + 1 }, (_, i) => `user${i}@example.com`).join('\n');
        expect(await parse(tooMany)).toMatchObject({
          ok: true,
          value: { bodies: [], errorCount: 1, errors: [{ message: expect.stringMatching(/At most 50,000/) }] },
        });
        // A million-line file of junk would be a million problems: the first are listed, the rest counted.
        const junk = (await parse(Array.from({ length: 5_000 }, (_, i) => `not an address ${i}`).join('\n'))) as Answer & {
          value: { errors: unknown[]; errorCount: number };
        };
        expect(junk.value.errors).toHaveLength(MAX_LISTED_ERRORS);
        expect(junk.value.errorCount).toBe(5_000);
        // An unbalanced quote is named at its line, not taken for a bad address.
        expect(await parse('alice@example.com\nbob@example.com\n"carol@example.com\ndave@example.com\n')).toMatchObject({
          ok: true,
          value: { bodies: [], errors: [{ line: 3, message: expect.stringMatching(/quote opens on this line and never closes/) }] },
        });
        // Those the page has are skipped and named.
        expect(await parse('Alice@example.com\nbob@example.com\n', ['email:alice@example.com'])).toMatchObject({
          ok: true,
          value: { bodies: [{ kind: 'email', email: 'bob@example.com' }], existing: ['Alice@example.com'], errors: [] },
        });
      },
    );
  });
});
