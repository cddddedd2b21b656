import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { pseudoTranslate, startTranslationSimulator, type TranslationSimulator } from '../../../simulators/translation';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

const KEY = 'sim-cli-translation-key-91ab';

let sim: TranslationSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeEach(async () => {
  sim = await startTranslationSimulator({ key: KEY });
  home = makeTempDir('statusdesk-translate-cli-');
});
afterEach(async () => {
  await sim.close();
  home.remove();
});

async function cli(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { STATUSDESK_HOME: home.dir, STATUSDESK_TRANSLATION_KEY: KEY, ...options.env },
    readStdin: async () => options.stdin ?? '',
  });
  return { code, stdout, stderr };
}

const translateArgs = (...rest: string[]) => ['translate', '--from', 'en', '--to', 'de', '--translation-base-url', sim.baseUrl, ...rest];

describe('statusdesk translate against the translation simulator', () => {
  it('sends the texts once; the same command again is served from the memory in the data folder with no request', async () => {
    const first = await cli(translateArgs('Investigating login failures', 'Resolved'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`${pseudoTranslate('Investigating login failures', 'de')}\n${pseudoTranslate('Resolved', 'de')}\n`);
    expect(first.stderr).toBe('4 words sent in 1 request, 0 from the translation memory\n');
    expect(sim.stats().requests.byEndpoint.translate).toBe(1);

    sim.resetStats();
    const second = await cli(translateArgs('Investigating login failures', 'Resolved'));
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toBe('0 words sent in 0 requests, 4 from the translation memory\n');
    expect(sim.stats().requests.total).toBe(0);
  });

  it('reads lines from stdin, keeps blank lines, and --json reports the counts', async () => {
    const stdin = 'We are investigating.\n\nA fix is deployed.\n';
    const first = await cli(['--json', ...translateArgs()], { stdin });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      texts: [pseudoTranslate('We are investigating.', 'de'), '', pseudoTranslate('A fix is deployed.', 'de')],
      requests: 1,
      wordsSent: 7,
      wordsFromMemory: 0,
      untranslated: [],
      resent: 0,
    });
    expect(first.stderr).toBe('');
    // Batches are packed largest first: the wire order is not the input order, the answer's is.
    expect(sim.stats().translateLog[0]?.texts.sort()).toEqual(['A fix is deployed.', 'We are investigating.']);
    expect(sim.stats().translateLog[0]?.types).toEqual([1, 1]);

    // --json after the command name works as well; one new line costs only its own words.
    const second = await cli([...translateArgs(), '--json'], { stdin: 'We are investigating.\nAll clear.\n' });
    expect(JSON.parse(second.stdout)).toMatchObject({ requests: 1, wordsSent: 2, wordsFromMemory: 3 });
  });

  it('passes --type through to the service', async () => {
    const result = await cli(['--json', ...translateArgs('--type', '9', 'Status page')]);
    expect(result.code, result.stderr).toBe(0);
    expect(sim.stats().translateLog[0]?.types).toEqual([9]);
  });

  it('takes the key from the keychain when the environment has none', async () => {
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.translationKey(), KEY, { binding: bindingFor([sim.baseUrl]) });
    try {
      const result = await cli(translateArgs('From the keychain'), { env: { STATUSDESK_TRANSLATION_KEY: '' } });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(`${pseudoTranslate('From the keychain', 'de')}\n`);
    } finally {
      await vault.delete(secretNames.translationKey());
    }
  });

  it("uses the app's base URL setting when no --translation-base-url is given", async () => {
    new SettingsStore(home.dir).update((settings) => {
      settings.translation = { baseUrl: sim.baseUrl, defaultFrom: 'en', defaultTo: null, requestUrl: 'https://status.example.com' };
    });
    const result = await cli(['translate', '--from', 'en', '--to', 'fr', 'Hello']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${pseudoTranslate('Hello', 'fr')}\n`);
  });

  it('fails with one line and exit 1 for a wrong key, an unsupported pair or a dead service, never printing the key', async () => {
    const wrongKey = 'wrong-translation-key-SECRET-5678';
    const wrong = await cli(translateArgs('Hello'), { env: { STATUSDESK_TRANSLATION_KEY: wrongKey } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrong.stderr).toMatch(/invalid or was refused \(HTTP 401\)/);
    expect(wrong.stdout + wrong.stderr).not.toContain(wrongKey);
    const wrongJson = await cli(['--json', ...translateArgs('Hello')], { env: { STATUSDESK_TRANSLATION_KEY: wrongKey } });
    expect(JSON.parse(wrongJson.stdout)).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/401/) } });
    expect(wrongJson.stdout + wrongJson.stderr).not.toContain(wrongKey);

    const none = await cli(translateArgs('Hello'), { env: { STATUSDESK_TRANSLATION_KEY: '' } });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no translation key stored.*STATUSDESK_TRANSLATION_KEY/);

    sim.setSupportedPairs([['en', 'fr']]);
    const unsupported = await cli(translateArgs('Hello'));
    expect(unsupported.code).toBe(1);
    expect(unsupported.stderr).toMatch(/from "en" to "de" is not supported/);

    const quota = await startTranslationSimulator({ key: KEY, wordQuota: 0 });
    const used = await cli(['translate', '--from', 'en', '--to', 'de', '--translation-base-url', quota.baseUrl, 'Hello']);
    await quota.close();
    expect(used.code).toBe(1);
    expect(used.stderr).toMatch(/translations are unavailable for this key \(HTTP 400\): "Word quota exceeded: 0 of 0 words used this month\."/);

    const dead = await startTranslationSimulator();
    const deadUrl = dead.baseUrl;
    await dead.close();
    const down = await cli(['translate', '--from', 'en', '--to', 'de', '--translation-base-url', deadUrl, 'Hello']);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/connection was refused/);
  });

  it('--languages lists the codes the service offers, as a table or JSON', async () => {
    const listed = await cli(['translate', '--languages', '--translation-base-url', sim.baseUrl]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n')[0]).toMatch(/^CODE\s+ENGLISH\s+LOCAL$/);
    expect(listed.stdout).toMatch(/^ja\s+Japanese\s+日本語$/m);
    expect(listed.stderr).toBe(`${sim.languages.length} languages from ${sim.baseUrl}\n`);
    const json = await cli(['--json', 'translate', '--languages', '--translation-base-url', sim.baseUrl]);
    expect(JSON.parse(json.stdout)).toContainEqual({ code: 'de', local_name: 'Deutsch', english_name: 'German' });
  });

  it('refuses a same-language pair and a word type outside 0..10 with exit 2, sending nothing', async () => {
    const same = await cli(['translate', '--from', 'en', '--to', 'en', '--translation-base-url', sim.baseUrl, 'Hello']);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/--from and --to are both "en": choose two different languages/);
    const type = await cli(translateArgs('--type', '11', 'Hello'));
    expect(type.code).toBe(2);
    expect(type.stderr).toMatch(/--type must be a WordType from 0 to 10/);
    expect(sim.stats().requests.total).toBe(0);
  });

  it('sends an https request_url: --request-url, else the documented default; app:// is refused', async () => {
    expect((await cli(translateArgs('--request-url', 'https://status.acme.example', 'One'))).code).toBe(0);
    expect((await cli(translateArgs('Two'))).code).toBe(0);
    expect(sim.stats().translateLog.map((e) => e.requestUrl)).toEqual(['https://status.acme.example', 'https://statusdesk.app/translation-panel']);
    const refused = await cli(translateArgs('--request-url', 'app://statusdesk/translation-panel', 'Three'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--request-url: The request URL must be the http\(s\) address of a page/);
  });

  it('reports usage mistakes with exit 2', async () => {
    expect((await cli(['translate', '--to', 'de', 'Hello'])).code).toBe(2);
    expect((await cli(translateArgs())).stderr).toMatch(/give the texts as arguments or pipe them on stdin/);
    expect((await cli(translateArgs())).code).toBe(2);
    expect((await cli(translateArgs('--type', 'text', 'Hello'))).code).toBe(2);
    expect((await cli(['translate', '--from', 'en', '--to', 'de', '--translation-base-url', 'ftp://example.com', 'Hello'])).code).toBe(2);
    const help = await cli(['translate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/STATUSDESK_TRANSLATION_KEY/);
  });

  it('the installed binary reads stdin', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--json', ...translateArgs()], {
      env: { ...process.env, STATUSDESK_HOME: home.dir, STATUSDESK_TRANSLATION_KEY: KEY },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stdin.end('Investigating\nResolved\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ texts: [pseudoTranslate('Investigating', 'de'), pseudoTranslate('Resolved', 'de')], requests: 1 });
  });
});
