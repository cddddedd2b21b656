import { z } from 'zod';
import { ADMIN_RESOURCE_IDS } from './resources';

/*
 * One page of an administration list, as the window asks the core for it (`admin.list`): the resource, where it
 * is (a page or an organization), the account whose key reads it, and the page (cursor, size, the server's search).
 */

export const adminListRequestSchema = z.object({
  accountId: z.uuid(),
  resource: z.enum(ADMIN_RESOURCE_IDS),
  where: z.union([z.object({ subdomain: z.string().min(1).max(200) }).strict(), z.object({ organizationId: z.string().min(1).max(200) }).strict()]),
  after: z.string().max(2_000).nullable().optional(),
  /** The API's largest page. */
  limit: z.number().int().min(1).max(100).optional(),
  filter: z.string().max(500).optional(),
});
export type AdminListRequest = z.input<typeof adminListRequestSchema>;

/** The items as the list's own schema read them, the server's total, and the cursor of the next page (null on the last). */
export const adminListPageSchema = z.object({
  kind: z.literal('list'),
  items: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int().nullable(),
  nextCursor: z.string().nullable(),
});
