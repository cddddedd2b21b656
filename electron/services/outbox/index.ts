export {
  OutboxService,
  type OutboxServiceOptions,
  type OutboxChange,
  type OutboxFlushOptions,
  type OutboxFlushReport,
  type OutboxProblem,
} from './outbox-service';
export { openStatusPageOutbox, type StatusPageOutboxOptions } from './create-statuspage-outbox';
export {
  OutboxKindRegistry,
  type OutboxKindHandler,
  type SendOutcome,
  type FailureDisposition,
  type SendContext,
  type PrepareRequest,
  type PreparedWrite,
} from './kinds';
export { OUTBOX_FILE_NAME, type OutboxLoadReport } from './outbox-store';
export type { OutboxEntry } from './entry';
export { createStatusPageOutboxKind, type StatusPageOutboxKindOptions } from './statuspage/statuspage-kind';
export { StatusPageTargets, envAccountId, API_KEY_ENV_VAR, type OutboxAccount, type OutboxAccountsPort } from './statuspage/targets';
export { accountsPortOf } from './statuspage/accounts-port';
