import { z } from 'zod';
import { accountInputSchema, accountUpdateSchema, accountViewSchema, connectionCheckSchema } from '../../accounts/account';
import { invoke } from '../define';

const accountIdSchema = z.object({ id: z.string().uuid() });

export const accountChannels = {
  'accounts.list': invoke(z.undefined(), z.array(accountViewSchema)),
  'accounts.add': invoke(accountInputSchema, accountViewSchema),
  'accounts.update': invoke(accountUpdateSchema, accountViewSchema),
  'accounts.remove': invoke(accountIdSchema, z.object({ removed: z.boolean(), keyDeleted: z.boolean() })),
  /** Test a saved account. */
  'accounts.testConnection': invoke(accountIdSchema, connectionCheckSchema),
} as const;
