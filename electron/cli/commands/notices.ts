import type { Command } from 'commander';
import type { InfoNotice } from '@shared/statuspal/schemas/info-notice';
import type { RunAction } from '../run-action';
import { addItemCommands, type CreateOptions } from './item-commands';
import type { PageItemKind } from './page-item-kind';

const NOTICES: PageItemKind<InfoNotice> = {
  group: 'notices',
  noun: 'notice',
  idParam: 'infoNoticeId',
  bodyKey: 'info_notice',
  ops: { create: 'createInfoNotice', addUpdate: 'addInfoNoticeUpdate', delete: 'deleteInfoNotice' },
  // Notices have no type to filter by.
  pages: (client, subdomain, { limit }, maxPages) =>
    client.pages('listInfoNotices', { subdomain, ...(limit ? { limit } : {}) }, maxPages === undefined ? {} : { maxPages }),
  get: (client, subdomain, id, options) => client.getInfoNotice({ subdomain, infoNoticeId: id }, options),
  columns: ['ID', 'FEATURED FROM', 'UNTIL', 'TITLE'],
  row: (n, time) => [String(n.id), n.featured_from ? time(n.featured_from) : '', n.featured_until ? time(n.featured_until) : '', n.title],
  heading: (n, time) => [
    `#${n.id} ${n.title}`,
    `  featured ${n.featured_from ? `from ${time(n.featured_from)}` : 'now'}${n.featured_until ? ` until ${time(n.featured_until)}` : ''}`,
  ],
};

/** notices list|show|create|update|delete: the page's information notices. */
export function registerNoticeCommands(program: Command, run: RunAction): void {
  addItemCommands<InfoNotice, CreateOptions>(program, run, {
    kind: NOTICES,
    description: 'list, show, create, update and delete information notices',
    list: { description: "a page's information notices" },
    show: 'one notice with its services and updates',
    create: { description: 'publish an information notice (needs a key; queued when the server cannot be reached)' },
    update: { description: 'post an update to a notice (needs a key; queued when the server cannot be reached)' },
    delete: 'delete a notice permanently (needs a key; queued when the server cannot be reached)',
  });
}
