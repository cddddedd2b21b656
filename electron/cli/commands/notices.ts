import type { Command } from 'commander';
import type { InfoNotice } from '../../../shared/statuspage/schemas/info-notice';
import type { RunAction } from '../run-action';
import {
  addDeleteCommand,
  addListCommand,
  addShowCommand,
  collect,
  createItem,
  postUpdate,
  postedText,
  requireText,
  serviceIdsOf,
  type PageItem,
  type PageItemKind,
} from './page-items';

export const NOTICES: PageItemKind<InfoNotice> = {
  group: 'notices',
  noun: 'notice',
  idParam: 'infoNoticeId',
  bodyKey: 'info_notice',
  ops: { create: 'createInfoNotice', addUpdate: 'addInfoNoticeUpdate', delete: 'deleteInfoNotice' },
  // Notices have no type to filter by.
  pages: (client, subdomain, { limit }, maxPages) =>
    client.pages('listInfoNotices', { subdomain, ...(limit ? { limit } : {}) }, maxPages === undefined ? {} : { maxPages }),
  get: (client, subdomain, id) => client.getInfoNotice({ subdomain, infoNoticeId: id }),
  columns: ['ID', 'FEATURED FROM', 'UNTIL', 'TITLE'],
  row: (n, time) => [String(n.id), n.featured_from ? time(n.featured_from) : '', n.featured_until ? time(n.featured_until) : '', n.title],
  heading: (n, time) => [
    `#${n.id} ${n.title}`,
    `  featured ${n.featured_from ? `from ${time(n.featured_from)}` : 'now'}${n.featured_until ? ` until ${time(n.featured_until)}` : ''}`,
  ],
};
const kind = NOTICES as unknown as PageItemKind<PageItem>;

/** notices list|show|create|update|delete: the page's information notices. */
export function registerNoticeCommands(program: Command, run: RunAction): void {
  const notices = program.command('notices').description('list, show, create, update and delete information notices');

  addListCommand(notices, run, NOTICES, { description: "a page's information notices" });
  addShowCommand(notices, run, NOTICES, 'one notice with its services and updates');

  notices
    .command('create')
    .description('publish an information notice (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .requiredOption('--title <title>', 'the notice title')
    .option('--service <id>', 'a service it concerns, as "statusdesk summary" shows them (repeatable)', collect)
    .option('--message <text>', 'the first update')
    .option('--notify', "notify the page's subscribers of the first update")
    .action(
      run(async (ctx, subdomain: string, options: { title: string; service?: string[]; message?: string; notify?: boolean }) => {
        requireText({ '--title': options.title, '--message': options.message });
        const serviceIds = serviceIdsOf(options.service);
        await createItem(ctx, kind, subdomain, {
          title: options.title,
          ...(serviceIds.length ? { service_ids: serviceIds } : {}),
          ...(options.message ? { updates: [{ description: options.message, ...(options.notify ? { notify: true } : {}) }] } : {}),
        });
      }),
    );

  notices
    .command('update')
    .description('post an update to a notice (needs a key; queued when the server cannot be reached)')
    .argument('<subdomain>', 'the status page subdomain')
    .argument('<id>', 'the notice id, or the temp id (or its first characters) of one queued offline')
    .requiredOption('--message <text>', 'the update text')
    .option('--notify', "notify the page's subscribers of this update")
    .action(
      run(async (ctx, subdomain: string, id: string, options: { message: string; notify?: boolean }) => {
        requireText({ '--message': options.message });
        await postUpdate(ctx, kind, subdomain, id, { description: options.message, ...(options.notify ? { notify: true } : {}) }, postedText(kind));
      }),
    );

  addDeleteCommand(notices, run, kind, 'delete a notice permanently (needs a key; queued when the server cannot be reached)');
}
