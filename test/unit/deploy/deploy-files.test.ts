import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_BROKEN_CONFIG } from '../../../electron/cli/commands/serve-config';
import { repoRoot } from '../../support/paths';

/*
 * Docker and systemd are not on the test machines, so the container image and the unit are read here for
 * what they must keep: a supported Node LTS base, a non-root user, `statusdesk serve` as what runs, SIGTERM
 * with time to finish a delivery, a restart on failure but not on a broken configuration, credentials from
 * the service manager, the hardening. Without this, either file could rot unseen.
 */

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

interface Instruction {
  name: string;
  args: string;
}

/** A Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [name, ...rest] = line.split(/\s+/);
      return { name: name!.toUpperCase(), args: rest.join(' ') };
    });
}

/** A JSON-form (exec) instruction's words; shell form split on spaces. */
function words(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
}

/**
 * Node's LTS lines and their end of life (https://github.com/nodejs/Release, README's schedule). A base image
 * on a line past its end of life fails here: that is the reminder to move the image to a newer line.
 */
const NODE_LTS_END_OF_LIFE: Readonly<Record<number, string>> = { 22: '2027-04-30', 24: '2028-04-30', 26: '2029-04-30' };

describe('the container image (deploy/container/Dockerfile)', () => {
  const instructions = dockerInstructions(read('deploy/container/Dockerfile'));
  const stages = instructions.reduce<Instruction[][]>((all, instruction) => {
    if (instruction.name === 'FROM') all.push([]);
    all.at(-1)?.push(instruction);
    return all;
  }, []);
  const runtime = stages.at(-1)!;
  const last = (name: string, stage = runtime) => stage.filter((i) => i.name === name).at(-1);

  it('builds and runs on a Node LTS line that is still supported', () => {
    const bases = instructions.filter((i) => i.name === 'FROM').map((i) => i.args.split(/\s+/)[0]!);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) {
      const major = Number(/^node:(\d+)[-.]/.exec(base)?.[1]);
      expect(NODE_LTS_END_OF_LIFE[major], `${base} is not on a Node LTS line`).toBeDefined();
      expect(new Date(`${NODE_LTS_END_OF_LIFE[major]}T00:00:00Z`).getTime(), `${base}: Node ${major} is past its end of life`).toBeGreaterThan(Date.now());
    }
  });

  it('builds only the command line, without the Electron binary, and keeps no development dependencies', () => {
    const build = stages[0]!;
    expect(build.some((i) => i.name === 'ENV' && /ELECTRON_SKIP_BINARY_DOWNLOAD=1/.test(i.args))).toBe(true);
    const runs = build.filter((i) => i.name === 'RUN').map((i) => i.args);
    expect(runs.some((r) => r.includes('scripts/build-cli.ts'))).toBe(true);
    expect(runs.some((r) => /npm prune --omit=dev/.test(r))).toBe(true);
    expect(fs.existsSync(path.join(repoRoot, 'scripts/build-cli.ts'))).toBe(true);
    // Every file the build copies before `npm ci` is there.
    for (const copy of build.filter((i) => i.name === 'COPY' && !i.args.includes('--from') && !i.args.startsWith('. '))) {
      for (const source of copy.args.split(/\s+/).slice(0, -1)) expect(fs.existsSync(path.join(repoRoot, source)), source).toBe(true);
    }
  });

  it('runs `statusdesk serve` as a non-root user, stops on SIGTERM, keeps its data in a volume and reads secrets from /run/secrets', () => {
    const user = last('USER')?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const command = [...words(last('ENTRYPOINT')?.args ?? '[]'), ...words(last('CMD')?.args ?? '[]')];
    expect(command.some((word) => word.endsWith('bin/statusdesk.js'))).toBe(true);
    expect(command).toContain('serve');
    expect(last('STOPSIGNAL')?.args).toBe('SIGTERM');
    const env = runtime
      .filter((i) => i.name === 'ENV')
      .map((i) => i.args)
      .join(' ');
    const home = /STATUSDESK_HOME=(\S+)/.exec(env)?.[1];
    expect(home).toBeDefined();
    expect(words(last('VOLUME')?.args ?? '[]')).toContain(home);
    expect(env).toMatch(/STATUSDESK_CREDENTIALS_DIR=\/run\/secrets/);
  });

  it('leaves local builds, dependencies, the git folder and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['.git', 'node_modules', 'out', '.env']) expect(ignored).toContain(entry);
  });
});

/** A unit file's sections, each a list of its key=value lines in order (a key may repeat). */
function unitSections(text: string): Map<string, Array<[string, string]>> {
  const sections = new Map<string, Array<[string, string]>>();
  let current: Array<[string, string]> | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = [];
      sections.set(section[1]!, current);
      continue;
    }
    const equals = line.indexOf('=');
    expect(equals, `not a key=value line: ${line}`).toBeGreaterThan(0);
    current!.push([line.slice(0, equals), line.slice(equals + 1)]);
  }
  return sections;
}

describe('the systemd unit (deploy/systemd/statusdesk-serve.service)', () => {
  const sections = unitSections(read('deploy/systemd/statusdesk-serve.service'));
  const service = sections.get('Service') ?? [];
  const values = (key: string) => service.filter(([k]) => k === key).map(([, v]) => v);
  const value = (key: string) => values(key).at(-1);

  it('runs `statusdesk serve`, restarts on failure but not on a broken configuration', () => {
    expect(value('ExecStart')).toMatch(/bin\/statusdesk(\.js)? serve\b/);
    expect(value('Restart')).toBe('on-failure');
    expect(value('RestartPreventExitStatus')?.split(/\s+/)).toContain(String(EXIT_BROKEN_CONFIG));
    expect(sections.get('Install')?.some(([key]) => key === 'WantedBy')).toBe(true);
  });

  it('stops with SIGTERM and gives a delivery in flight time to finish', () => {
    expect(value('KillSignal') ?? 'SIGTERM').toBe('SIGTERM');
    const seconds = Number(/^(\d+)s?$/.exec(value('TimeoutStopSec') ?? '')?.[1]);
    // systemd's default is 90 s; a receiver's answer and one Retry-After fit well inside 30 s or more.
    expect(seconds).toBeGreaterThanOrEqual(30);
  });

  it('reads the secrets as credentials, keeps its data folder writable and everything else read-only', () => {
    expect(values('LoadCredential').length + values('LoadCredentialEncrypted').length).toBeGreaterThan(0);
    expect(value('NoNewPrivileges')).toBe('yes');
    expect(value('ProtectSystem')).toBe('strict');
    const home = /STATUSDESK_HOME=(\S+)/.exec(values('Environment').join(' '))?.[1];
    expect(home).toBeDefined();
    expect(values('ReadWritePaths').join(' ').split(/\s+/)).toContain(home);
    expect(value('User') !== undefined || value('DynamicUser') === 'yes').toBe(true);
  });
});

describe("the README's Team alerts section", () => {
  it('names how to start each, the unit and the image', () => {
    const readme = read('README.md');
    const section = /## Team alerts\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    expect(section).toContain('deploy/systemd/statusdesk-serve.service');
    expect(section).toContain('deploy/container/Dockerfile');
    expect(section).toMatch(/statusdesk alerts add/);
  });
});
