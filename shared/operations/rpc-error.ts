import { z } from 'zod';

/** The canonical RPC codes the delete method can answer with, and the HTTP status each maps to. */
export const RPC_STATUS_HTTP = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

export type RpcStatus = keyof typeof RPC_STATUS_HTTP;

/**
 * The standard JSON error body `{"error": {code, message, status, details}}`. Tolerant: servers and proxies
 * drop `status` or `details` at times, and a detail can be any object.
 */
const rpcErrorBodySchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    status: z.string().optional(),
    details: z.array(z.unknown()).optional(),
  }),
});

type RpcErrorBody = z.infer<typeof rpcErrorBodySchema>;
type RpcError = RpcErrorBody['error'];

/** The error inside a response body, or null when the body is not the standard shape. */
export function parseRpcErrorBody(text: string): RpcError | null {
  if (text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = rpcErrorBodySchema.safeParse(json);
  return parsed.success ? parsed.data.error : null;
}

export function rpcErrorBody(status: RpcStatus, message: string, details: unknown[] = []): RpcErrorBody {
  return { error: { code: RPC_STATUS_HTTP[status], message, status, details } };
}
