import type { AccountRecord } from '@shared/accounts/account';
import type { OutboxAccountsPort } from './targets';

/** Adapts the accounts (AccountsService, or settings + vault on the command line) to what the outbox needs. */
export function accountsPortOf(source: {
  records(): AccountRecord[];
  /** One account without copying the others (AccountsService); else found among `records()`. */
  record?(id: string): AccountRecord | null;
  keyFor(id: string, url: string): Promise<string | null>;
  keyStoreProblem?(): Promise<string | null>;
}): OutboxAccountsPort {
  return {
    account: (id) => (source.record ? source.record(id) : (source.records().find((a) => a.id === id) ?? null)),
    apiKey: (id, url) => source.keyFor(id, url),
    ...(source.keyStoreProblem ? { keyStoreProblem: () => source.keyStoreProblem!() } : {}),
  };
}
