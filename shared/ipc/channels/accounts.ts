import { z } from 'zod';
import { accountCheckSchema, accountInputSchema, accountUpdateSchema, accountViewSchema, connectionCheckSchema } from '../../accounts/account';
import { invoke } from '../define';

const accountIdSchema = z.object({ id: z.string().uuid() });

export const accountChannels = {
  'accounts.list': invoke(z.undefined(), z.array(accountViewSchema)),
  'accounts.add': invoke(accountInputSchema, accountViewSchema),
  'accounts.update': invoke(accountUpdateSchema, accountViewSchema),
  'accounts.remove': invoke(accountIdSchema, z.object({ removed: z.boolean(), keyDeleted: z.boolean() })),
  /** Test a saved account. */
  'accounts.testConnection': invoke(accountIdSchema, connectionCheckSchema),
  /** Check an account as the form holds it, before it is saved (one read with its key: see connection-check.ts). */
  'accounts.check': invoke(accountCheckSchema, connectionCheckSchema),
} as const;
