import { ADMIN_RESOURCES, type AdminResourceId } from '@shared/admin/resources';
import { checkListReadResult, type ListReadOperationName, type ReadListResult } from '@shared/statuspal/read-operations';
import type { StatusPageReadResult } from '@shared/statuspal/read-request';

/*
 * Use case: list one administration resource of ADMIN_RESOURCES (services, subscriptions, webhooks, access
 * groups, page and organization members, status pages), one page at a time.
 * For whom: the window's Administration lists (through `admin.list`) and the command line's `<resource> list`
 * commands, which are made from the same table. What a resource's list reads, with which parameters (its
 * page or organization, `limit` and `after` for a list with cursors, its filter), is said here once; the answer
 * is checked against the list's own schema.
 */

type Item = Record<string, unknown>;

/** Where the list is: a status page, or an organization (as the resource's scope says). */
type AdminListWhere = { subdomain: string } | { organizationId: string };

interface ListAdminResourceRequest {
  resource: AdminResourceId;
  where: AdminListWhere;
  /** The cursor of the page to read (lists with cursors only); none reads the first. */
  after?: string | null;
  /** How many a page (lists with cursors only); none: the server's own page size. */
  limit?: number;
  /** The server's search (subscriptions: an address or a number; members: an address); '' is none. */
  filter?: string;
}

/** One read of the status page API with the key of the side that lists: the window's account, or the command line's. */
export type AdminListRead = (operation: ListReadOperationName, input: Item) => Promise<StatusPageReadResult>;

/** The read and its parameters for one page of a resource's list. */
function adminListQuery(request: ListAdminResourceRequest): { operation: ListReadOperationName; input: Item } {
  const resource = ADMIN_RESOURCES[request.resource];
  return {
    operation: resource.list,
    input: {
      ...request.where,
      ...(resource.cursor && request.limit ? { limit: request.limit } : {}),
      ...(resource.cursor && request.after ? { after: request.after } : {}),
      ...(resource.filterParam && request.filter ? { [resource.filterParam]: request.filter } : {}),
    },
  };
}

/** One page of the list (a list without cursors: all of it), checked against the list's schema. */
export async function listAdminResource(read: AdminListRead, request: ListAdminResourceRequest): Promise<ReadListResult<Item>> {
  const { operation, input } = adminListQuery(request);
  const page = checkListReadResult(operation, await read(operation, input));
  return ADMIN_RESOURCES[request.resource].cursor ? page : { ...page, nextCursor: null };
}

/** The pages of the list in order: the first only, or (`all`) every one, following the cursors. */
export async function* adminResourcePages(read: AdminListRead, request: ListAdminResourceRequest & { all: boolean }): AsyncGenerator<ReadListResult<Item>> {
  let after = request.after ?? null;
  do {
    const page = await listAdminResource(read, { ...request, after });
    yield page;
    after = page.nextCursor;
  } while (request.all && after !== null);
}
