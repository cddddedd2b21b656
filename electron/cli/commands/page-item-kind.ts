import type { WriteOperationName } from '@shared/outbox/write-operations';
import type { ListPage } from '@shared/statuspal/operations';
import type { CallOptions, StatusPageClient } from '@core/statuspal-client/client';

/** The fields every item shows: incidents and maintenances are incidents, notices information notices. */
export interface PageItem {
  id: number;
  title: string;
  service_ids?: number[] | null | undefined;
  updates?: ReadonlyArray<{ type?: string | null; description?: string | null; posted_at?: string | null; inserted_at?: string | null }> | null | undefined;
}

export interface ListQuery {
  limit?: number;
  type?: string;
}

export interface PageItemKind<T extends PageItem> {
  /** The command group and the word for one item: "incidents", "incident". */
  group: string;
  noun: string;
  /** The path parameter of the item's id, and the body key of its create (for a queued one). */
  idParam: 'incidentId' | 'infoNoticeId';
  bodyKey: 'incident' | 'info_notice';
  ops: { create: WriteOperationName; addUpdate: WriteOperationName; delete: WriteOperationName };
  pages(client: StatusPageClient, subdomain: string, query: ListQuery, maxPages: number | undefined): AsyncGenerator<ListPage<T>>;
  get(client: StatusPageClient, subdomain: string, id: number, options?: CallOptions): Promise<T>;
  /** Table columns of list, and one item's cells. */
  columns: string[];
  row(item: T, time: (value: string | null | undefined) => string): string[];
  /** The lines of show above services and updates. */
  heading(item: T, time: (value: string | null | undefined) => string): string[];
}
