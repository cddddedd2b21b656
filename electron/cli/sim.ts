/**
 * `npm run sim`: the Status Page API simulator with demo data, and the translation and operations simulators
 * beside it, so the README's examples run as written (it prints their addresses, the translation key and an
 * access token), and the provider pages simulator (the public Statuspage format, :4013).
 *
 *   npm run sim -- [--port 4010] [--host 127.0.0.1] [--seed demo|empty] [--summary file.json ...]
 *                  [--shift-to-now] [--no-rate-limit] [--relative-links] [--no-control] [--json]
 *                  [--translation-port 4011] [--operations-port 4012]
 *
 * Port: --port, else env PORT, else 4010 (0 lets the OS pick). Stops on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startOperationsSimulator } from '@simulators/operations';
import { startProviderSimulator } from '@simulators/provider';
import { startStatusPageSimulator, type StartOptions } from '@simulators/statuspal';
import { startTranslationSimulator } from '@simulators/translation';

/** The translation key the simulator accepts, as printed and as the README uses it. */
const DEMO_TRANSLATION_KEY = 'demo-translation-key-5e21c0';
/** The operations the README's `operations forget` example names. */
const DEMO_OPERATIONS = ['o1', 'o2', 'o3'].map((id) => `projects/p/locations/l/operations/${id}`);
/** The printed access token lasts a working day. */
const DEMO_TOKEN_SECONDS = 12 * 60 * 60;

const USAGE = `usage: sim [--port N] [--host H] [--seed demo|empty] [--summary FILE]... [--shift-to-now]
           [--no-rate-limit] [--relative-links] [--no-control] [--json] [--translation-port N] [--operations-port N] [--provider-port N]`;

function portOf(text: string, name: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid ${name} ${text}`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string', default: 'demo' },
      summary: { type: 'string', multiple: true },
      'shift-to-now': { type: 'boolean', default: false },
      'no-rate-limit': { type: 'boolean', default: false },
      'relative-links': { type: 'boolean', default: false },
      'no-control': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'translation-port': { type: 'string', default: '4011' },
      'operations-port': { type: 'string', default: '4012' },
      'provider-port': { type: 'string', default: '4013' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const portText = values.port ?? process.env.PORT ?? '4010';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port ${portText}`);
  if (values.seed !== 'demo' && values.seed !== 'empty') throw new Error('--seed must be demo or empty');

  const summaries = (values.summary ?? []).map((file) => JSON.parse(readFileSync(file, 'utf8')) as unknown);
  const options: StartOptions = {
    port,
    host: values.host,
    seed: summaries.length && !values['shift-to-now'] ? { summaries } : values.seed,
    rateLimit: values['no-rate-limit'] ? false : undefined,
    linkStyle: values['relative-links'] ? 'relative' : 'absolute',
    control: !values['no-control'],
  };
  const translationPort = portOf(values['translation-port'], '--translation-port');
  const operationsPort = portOf(values['operations-port'], '--operations-port');
  const providerPort = portOf(values['provider-port'], '--provider-port');
  const sim = await startStatusPageSimulator(options);
  if (values['shift-to-now']) for (const doc of summaries) sim.seedSummary(doc, { shiftToNow: true });
  const translation = await startTranslationSimulator({ port: translationPort, key: DEMO_TRANSLATION_KEY });
  const operations = await startOperationsSimulator({ port: operationsPort, operations: DEMO_OPERATIONS });
  const accessToken = operations.issueAccessToken({ lifetimeSeconds: DEMO_TOKEN_SECONDS });
  const providers = await startProviderSimulator({ port: providerPort, seed: 'demo' });
  const providerUrls = providers.pages().map((slug) => providers.pageUrl(slug));

  const state = sim.state();
  if (values.json) {
    console.log(
      JSON.stringify({
        baseUrl: sim.baseUrl,
        origin: sim.origin,
        port: sim.port,
        keys: sim.keys,
        pages: state.pages,
        translation: { baseUrl: translation.baseUrl, key: translation.key },
        operations: { baseUrl: operations.baseUrl, accessToken, operations: operations.operations(), oauth: operations.oauth },
        providers: { origin: providers.origin, pages: providerUrls },
      }),
    );
  } else {
    console.log(
      [
        'Status Page API v2 simulator',
        `  base URL:          ${sim.baseUrl}`,
        `  read-write key:    ${sim.keys.demoReadWrite}   (organization 1 "Acme")`,
        `  read-only key:     ${sim.keys.demoReadOnly}   (organization 1 "Acme")`,
        `  user key (owner):  ${sim.keys.demoUser}`,
        `  pages:             ${state.pages.join(', ') || '(none)'}`,
        `  clock:             ${state.now} UTC${state.frozen ? ' (frozen)' : ''}`,
        options.control === false ? '  control:           off' : `  control:           ${sim.origin}/__control/state`,
        'Translation API 1.0 simulator',
        `  base URL:          ${translation.baseUrl}`,
        `  key:               ${translation.key}`,
        'Operations (DeleteOperation) simulator',
        `  base URL:          ${operations.baseUrl}`,
        `  access token:      ${accessToken}   (valid 12 h)`,
        `  operations:        ${operations.operations().join(', ')}`,
        `  OAuth client:      ${operations.oauth.clientId} / secret ${operations.oauth.clientSecret} (token URL ${operations.oauth.tokenUrl})`,
        'Provider pages (public Statuspage format, ETag / Last-Modified, 304)',
        ...providerUrls.map((url) => `  page:              ${url}   (summary at /api/v2/summary.json)`),
        'For the README examples:',
        `  export B=${sim.baseUrl} T=${translation.baseUrl} O=${operations.baseUrl} P=${providers.origin}/pages`,
        `  export STATUSDESK_TRANSLATION_KEY=${translation.key} STATUSDESK_ACCESS_TOKEN=${accessToken}`,
        'Ctrl+C to stop.',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    Promise.all([sim.close(), translation.close(), operations.close(), providers.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(1);
});
