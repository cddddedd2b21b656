import { AppError } from '@shared/errors';
import { STATUS_PAGE_OPERATIONS, type OperationName } from '@shared/statuspal/operations';
import { isReadOperation } from '@shared/statuspal/read-operations';
import { nextLinkOf } from '@core/statuspal-client/pagination';
import { StatusPageClient, type CallOptions } from '@core/statuspal-client/client';
import type { AccountsService } from './accounts-service';
import { regionOfAccount } from './probe-client';
import type { StatusPageReadInput, StatusPageReadResult } from '@shared/statuspal/read-request';

/** The `after` cursor of a `links.next` URL, so the window can ask for the next page by cursor. */
function cursorOf(next: string | null): string | null {
  if (!next) return null;
  try {
    return new URL(next, 'http://relative.invalid').searchParams.get('after');
  } catch {
    return null;
  }
}

/**
 * Reads for the window (incident console, administration): any read operation of the table, on a configured
 * account, with its key. Writes never pass here; they go through the outbox.
 */
export class AccountReads {
  readonly #accounts: AccountsService;
  readonly #clients = new Map<string, { client: StatusPageClient; signature: string }>();

  constructor(accounts: AccountsService) {
    this.#accounts = accounts;
  }

  #client(accountId: string): StatusPageClient {
    const account = this.#accounts.find(accountId);
    const signature = `${account.region}|${account.baseUrl ?? ''}`;
    const cached = this.#clients.get(accountId);
    if (cached && cached.signature === signature) return cached.client;
    const client = new StatusPageClient({
      region: regionOfAccount(account),
      apiKey: (url) => this.#accounts.keyFor(accountId, url),
      accountId,
    });
    this.#clients.set(accountId, { client, signature });
    return client;
  }

  async read(request: StatusPageReadInput, options?: CallOptions): Promise<StatusPageReadResult> {
    return readWithClient(this.#client(request.accountId), request.operation, request.input ?? {}, options);
  }
}

/**
 * One read operation of the table with a client (the window's account, or the command line's key), answered as
 * the window's `statuspal.read` answers it: a list with its total and the cursor of its next page, or one item.
 */
export async function readWithClient(
  client: StatusPageClient,
  operationName: string,
  input: Record<string, unknown>,
  options: CallOptions = {},
): Promise<StatusPageReadResult> {
  if (!isReadOperation(operationName)) {
    throw new AppError('invalid_input', `"${operationName}" is not a read operation of the status page API.`);
  }
  const operation: OperationName = operationName;
  // The operation is checked against the table above; its input is validated by the client's own schemas.
  const call = client.call.bind(client) as (name: OperationName, input: unknown, options: CallOptions) => Promise<unknown>;
  const value = await call(operation, input, options);
  const spec = STATUS_PAGE_OPERATIONS[operation];
  if (spec.response.kind === 'list') {
    const list = value as { items: unknown[]; links: { next?: string | null } | null; meta: { total_count?: number } | null };
    return {
      kind: 'list',
      items: list.items,
      total: typeof list.meta?.total_count === 'number' ? list.meta.total_count : null,
      nextCursor: cursorOf(nextLinkOf(list.links)),
    };
  }
  return { kind: 'item', item: value };
}
