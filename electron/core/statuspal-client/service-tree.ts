import type { Service } from '@shared/statuspal/schemas/service';
import { StatusPageApiError } from './errors';

/*
 * `GET /status_pages/{sd}/services` may list the top-level services only: a third-party importer checked
 * against a live key (panov-va/healthpage, backend/internal/importer/statuspal.go, 2026-07) reports that
 * the real service returns the services with `parent_id = null`, each with `children_ids`, and that the
 * children are read one by one with `GET …/services/{id}` (recursively; their `parent_id` is set). The
 * public documentation does not say; older material and this project's first simulator listed the whole
 * tree flat. Both shapes are accepted: whatever `children_ids` name and the list lacks is read here, so
 * every reader of the list (the Administration tree, the outbox's look-up of an interrupted child-service
 * create) sees the whole tree. See docs/statuspal-services.md.
 */

/** At most this many services are read one by one for one list (a page has tens; a loop in the data stops here). */
const MAX_CHILD_READS = 1_000;

/** Reads one service; null when it is gone (deleted between the list and the read). */
type ReadService = (serviceId: number) => Promise<Service | null>;

/** A read that answered 404: the child was deleted meanwhile, and is simply not listed. */
export function isGone(error: unknown): boolean {
  return error instanceof StatusPageApiError && error.status === 404;
}

/**
 * The services of `listed` with every descendant their `children_ids` name that is not among `known`
 * (ids listed already, on this page or an earlier one), each inserted after its parent, depth first. `known`
 * is updated with everything returned.
 */
export async function withChildServices(listed: readonly Service[], read: ReadService, known: Set<number> = new Set()): Promise<Service[]> {
  for (const service of listed) known.add(service.id);
  let reads = 0;
  const out: Service[] = [];
  const visit = async (service: Service): Promise<void> => {
    out.push(service);
    for (const childId of service.children_ids ?? []) {
      if (known.has(childId)) continue;
      known.add(childId);
      if (++reads > MAX_CHILD_READS) return;
      const child = await read(childId);
      if (child !== null) await visit(child);
    }
  };
  for (const service of listed) await visit(service);
  return out;
}
