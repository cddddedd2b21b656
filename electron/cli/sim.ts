/**
 * `npm run sim`: the Status Page API simulator with demo data, for demo mode and manual testing.
 *
 *   npm run sim -- [--port 4010] [--host 127.0.0.1] [--seed demo|empty] [--summary file.json ...]
 *                  [--shift-to-now] [--no-rate-limit] [--relative-links] [--no-control] [--json]
 *
 * Port: --port, else env PORT, else 4010 (0 lets the OS pick). Stops on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startStatusPageSimulator, type StartOptions } from '../services/simulators/statuspage';

const USAGE = `usage: sim [--port N] [--host H] [--seed demo|empty] [--summary FILE]... [--shift-to-now]
           [--no-rate-limit] [--relative-links] [--no-control] [--json]`;

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
  const sim = await startStatusPageSimulator(options);
  if (values['shift-to-now']) for (const doc of summaries) sim.seedSummary(doc, { shiftToNow: true });

  const state = sim.state();
  if (values.json) {
    console.log(JSON.stringify({ baseUrl: sim.baseUrl, origin: sim.origin, port: sim.port, keys: sim.keys, pages: state.pages }));
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
        'Ctrl+C to stop.',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    sim.close().then(
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
