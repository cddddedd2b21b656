import { adminListPageSchema, adminListRequestSchema } from '../../admin/list-request';
import { invoke } from '../define';

/** The Administration screen's lists: one use case in the core, the same the command line's list commands call. */
export const adminChannels = {
  /** One page of a resource's list (a list without cursors: all of it), read with the account's key and checked. */
  'admin.list': invoke(adminListRequestSchema, adminListPageSchema),
} as const;
