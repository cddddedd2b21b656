import { AppError, toAppErrorShape } from '../../../../shared/errors';
import { adminListRequestSchema, type AdminListRequest } from '../../../../shared/admin/list-request';
import type { Result } from '../../../../shared/ipc/define';
import { statusPageReadInputSchema, type StatusPageReadInput, type StatusPageReadResult } from '../../../../shared/statuspal/read-request';
import { adminListHandlers } from '../../../../electron/core/accounts/admin-list-handlers';

/*
 * `admin.list` as the core answers it, over a test's fake `statuspal.read`: the store's lists go through the
 * core's own list-admin-resource, and the test's server sees the reads it makes.
 */

type Read = (request?: StatusPageReadInput) => Promise<Result<StatusPageReadResult>>;

export function adminListThroughCore(read: Read) {
  const handlers = adminListHandlers({
    read: async (request) => {
      const answer = await read(statusPageReadInputSchema.parse(request));
      if (!answer.ok)
        throw new AppError(answer.error.code, answer.error.message, answer.error.status === undefined ? undefined : { status: answer.error.status });
      return answer.value;
    },
  });
  return {
    list: async (request?: AdminListRequest) => {
      try {
        return { ok: true as const, value: await handlers['admin.list'](adminListRequestSchema.parse(request)) };
      } catch (error) {
        return { ok: false as const, error: toAppErrorShape(error) };
      }
    },
  };
}
