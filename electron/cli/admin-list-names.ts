import type { AdminResourceId } from '@shared/admin/resources';

/*
 * How the command line names each administration list and what `statusdesk --help` says of it: read by the
 * command table (which lists them without loading their module) and by the module that defines them
 * (commands/admin-lists.ts). Words only: nothing here loads a schema.
 */

export interface AdminListName {
  /** The command group: `<name> list`. */
  name: string;
  /** Its line in `statusdesk --help`. */
  about: string;
}

const needsKey = (what: string) => `${what} (needs a key)`;

/** In the order `statusdesk --help` lists them; one for every resource (the type asks for each). */
export const ADMIN_LIST_NAMES: { readonly [K in AdminResourceId]: AdminListName } = {
  services: { name: 'services', about: needsKey("a page's services") },
  subscriptions: { name: 'subscriptions', about: needsKey("a page's subscribers") },
  pageMembers: { name: 'members', about: needsKey("a page's members") },
  orgMembers: { name: 'org-members', about: needsKey("an organization's members") },
  webhooks: { name: 'webhooks', about: needsKey("a page's webhooks") },
  accessGroups: { name: 'access-groups', about: needsKey("a page's access groups") },
  statusPages: { name: 'status-pages', about: needsKey("an organization's status pages") },
};

/** The metric points sent from this computer: no resource of the server's (the API cannot list them). */
export const METRICS_LIST_NAME: AdminListName = { name: 'metrics', about: 'data points of custom metrics sent from this computer' };
