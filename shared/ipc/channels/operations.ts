import { z } from 'zod';
import { forgetProgressSchema } from '../../operations/forget-progress';
import { operationsAuthStatusSchema, signOutResultSchema } from '../../operations/auth-status';
import { forgetOperationsRequestSchema, forgetOperationsResponseSchema } from '../../operations/forget-result';
import { operationsHistoryEntrySchema } from '../../operations/history';
import { operationsSettingsChangeSchema, operationsSettingsViewSchema } from '../../operations/operations-settings';
import { queuedForgetResultSchema } from '../../operations/queued-forget';
import { event, invoke } from '../define';

/** A forget request may carry an id of the caller's choosing, so progress events can be matched to it. */
const forgetChannelRequestSchema = forgetOperationsRequestSchema.extend({
  requestId: z.string().min(1).max(100).optional(),
});

/**
 * Forgetting long-running operations, and the Google sign-in it needs. No channel ever answers with a
 * token: the refresh token stays in the keychain and the access token in the main process's memory.
 */
export const operationsChannels = {
  'operations.getSettings': invoke(z.undefined(), operationsSettingsViewSchema),
  'operations.setSettings': invoke(operationsSettingsChangeSchema, operationsSettingsViewSchema),
  'operations.authStatus': invoke(z.undefined(), operationsAuthStatusSchema),
  /** Opens the system browser and resolves once the sign-in is done, refused, cancelled or timed out. */
  'operations.signIn': invoke(z.object({ sessionOnly: z.boolean().optional() }).optional(), operationsAuthStatusSchema),
  'operations.cancelSignIn': invoke(z.undefined(), z.object({ cancelled: z.boolean() })),
  /** Revokes the sign-in at Google (best effort) and deletes it from the keychain. */
  'operations.signOut': invoke(z.undefined(), signOutResultSchema),
  /** Kept in the main process's memory for this session only. */
  'operations.pasteToken': invoke(z.object({ token: z.string().min(1).max(4096) }), operationsAuthStatusSchema),
  'operations.clearPastedToken': invoke(z.undefined(), operationsAuthStatusSchema),
  'operations.useAdc': invoke(z.object({ enabled: z.boolean() }), operationsAuthStatusSchema),
  /** One result per name, in order; a failure of one name never hides the others. */
  'operations.forget': invoke(forgetChannelRequestSchema, forgetOperationsResponseSchema),
  'operations.history': invoke(z.undefined(), z.object({ entries: z.array(operationsHistoryEntrySchema) })),
  'operations.clearHistory': invoke(z.undefined(), z.object({ cleared: z.number().int() })),
  /** Each name's result as it settles, during an `operations.forget`. */
  'operations.onProgress': event(forgetProgressSchema),
  /** The final result of a name that waited in the outbox, once the outbox sent it or gave up on it. */
  'operations.onQueuedResult': event(queuedForgetResultSchema),
} as const;
