import type { Command } from 'commander';
import { ADMIN_LIST_NAMES, METRICS_LIST_NAME, type AdminListName } from './admin-list-names';
import type { RunAction } from './run-action';

/*
 * Every top-level command, as `statusdesk --help` lists it, and where its definition lives. A start loads
 * only the module of the command it runs (program.ts): `--version`, `--help` and a mistyped command load
 * none. Help of one command (`statusdesk incidents create --help`) comes from its module, as its options do.
 * test/integration/cli/command-table.test.ts checks this table against the modules' own definitions.
 */

/** Adds a module's commands (with their options and actions) to the program. */
export type RegisterCommands = (program: Command, run: RunAction) => void;

export interface CommandEntry {
  name: string;
  /** What follows the name in the list of commands: `[options]` when it has any, then its arguments. */
  usage: string;
  description: string;
  /** Loads the module that defines this command (and the others of its module). */
  load: () => Promise<RegisterCommands>;
}

const read = () => import('./commands/read').then((m) => m.registerReadCommands);
const adminLists = () => import('./commands/admin-lists').then((m) => m.registerAdminListCommands);
const adminListEntry = ({ name, about }: AdminListName): CommandEntry => ({ name, usage: '', description: about, load: adminLists });

export const COMMAND_TABLE: readonly CommandEntry[] = [
  { name: 'hello', usage: '', description: 'check that the server answers (GET /hello)', load: read },
  { name: 'status', usage: '[options] [page]', description: "a page's current status; with no page, every page watched in the app", load: read },
  { name: 'summary', usage: '[options] <page>', description: "a page's summary: services, incidents, maintenances and notices", load: read },
  {
    name: 'accounts',
    usage: '',
    description: 'status page accounts, shared with the app (keys in the OS keychain)',
    load: () => import('./commands/accounts').then((m) => m.registerAccountCommands),
  },
  {
    name: 'incidents',
    usage: '',
    description: 'list, show, create, update, resolve and delete incidents; linked shows the pages one is also posted on',
    load: () => import('./commands/incidents').then((m) => m.registerIncidentCommands),
  },
  {
    name: 'maintenances',
    usage: '',
    description: 'list, show, schedule, update and delete maintenances',
    load: () => import('./commands/maintenances').then((m) => m.registerMaintenanceCommands),
  },
  {
    name: 'notices',
    usage: '',
    description: 'list, show, create, update and delete information notices',
    load: () => import('./commands/notices').then((m) => m.registerNoticeCommands),
  },
  ...Object.values(ADMIN_LIST_NAMES).map(adminListEntry),
  adminListEntry(METRICS_LIST_NAME),
  {
    name: 'outbox',
    usage: '',
    description: 'writes queued for sending (shared with the app)',
    load: () => import('./commands/outbox').then((m) => m.registerOutboxCommands),
  },
  {
    name: 'translate',
    usage: '[options] [text...]',
    description: 'translate texts (arguments, or one per line on stdin); repeats come from the translation memory',
    load: () => import('./commands/translate').then((m) => m.registerTranslateCommand),
  },
  {
    name: 'operations',
    usage: '',
    description: 'long-running operations of a migration assessment service',
    load: () => import('./commands/operations').then((m) => m.registerOperationsCommands),
  },
  {
    name: 'watch',
    usage: '[options] [pages...]',
    description: 'watch pages and print one line per change (with --json: one JSON object per line)',
    load: () => import('./commands/watch').then((m) => m.registerWatchCommand),
  },
  {
    name: 'providers',
    usage: '',
    description: "the catalogue of providers' public status pages",
    load: () => import('./commands/providers').then((m) => m.registerProvidersCommand),
  },
  {
    name: 'doctor',
    usage: '',
    description: 'check this installation: data folder, keychain, accounts, clock, outbox, Electron; one line per check with what to do',
    load: () => import('./commands/doctor').then((m) => m.registerDoctorCommand),
  },
  {
    name: 'history',
    usage: '[options] <page>',
    description: "a watched page's history as the app observed it: availability per component, each day's worst level, incidents",
    load: () => import('./commands/history').then((m) => m.registerHistoryCommand),
  },
  {
    name: 'alerts',
    usage: '',
    description: 'team alerts to Slack, Microsoft Teams, PagerDuty and webhooks, shared with the app (secrets in the OS keychain)',
    load: () => import('./commands/alerts').then((m) => m.registerAlertsCommands),
  },
  {
    name: 'serve',
    usage: '[options]',
    description: 'the headless watcher: poll the watched pages and send the team alerts, unattended (systemd, containers)',
    load: () => import('./commands/serve').then((m) => m.registerServeCommand),
  },
];

/** Global options followed by a value (program.ts): their value is never the command's name. */
const GLOBAL_OPTIONS_WITH_VALUE = new Set(['--region', '--base-url', '--account']);

/**
 * The entry of the command the arguments run, as commander finds it: the first word that is not a global
 * option or its value; after `help`, the word it asks about. Null for `--version`, `--help`, nothing at all or
 * a word that names no command.
 */
export function commandEntryOf(argv: readonly string[]): CommandEntry | null {
  let afterHelp = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return null;
    if (GLOBAL_OPTIONS_WITH_VALUE.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    if (arg === 'help' && !afterHelp) {
      afterHelp = true;
      continue;
    }
    return COMMAND_TABLE.find((entry) => entry.name === arg) ?? null;
  }
  return null;
}

/** `--version` or `--help`: a question about the program, answered without running a command. */
export function asksAboutTheProgram(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--version' || arg === '-V' || arg === '--help' || arg === '-h');
}
