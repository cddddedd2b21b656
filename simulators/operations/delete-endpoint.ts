import type http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { checkOperationName } from '@shared/operations/operation-name';
import type { RpcStatus } from '@shared/operations/rpc-error';
import { describeFault, type FaultStatus } from './faults';
import { readBody, sendRpcError } from './http-helpers';
import type { SimulatorRequest } from './request-log';
import type { SimulatorState } from './state';

const MISSING_CREDENTIALS =
  'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
const INVALID_CREDENTIALS =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';

const FAULT_RPC_STATUS: Record<FaultStatus, RpcStatus> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const FAULT_MESSAGES: Record<FaultStatus, string> = {
  400: 'Request contains an invalid argument.',
  403: "Permission 'migrationcenter.operations.delete' denied on resource (or it may not exist).",
  409: 'The operation was aborted.',
  429: "Quota exceeded for quota metric 'Requests' of service.",
  500: 'Internal error encountered.',
  503: 'The service is currently unavailable.',
  504: 'Deadline exceeded.',
};

function decodePath(rest: string): string | null {
  try {
    return rest.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/** `DELETE /v1/{name}`: bearer check, empty body, the UNIMPLEMENTED mode, one-shot faults, then the delete. */
export async function handleDelete(state: SimulatorState, request: http.IncomingMessage, response: http.ServerResponse, rawPath: string): Promise<void> {
  const body = await readBody(request);
  const name = decodePath(rawPath.slice('/v1/'.length));
  const entry: Omit<SimulatorRequest, 'seq' | 'at' | 'status'> = {
    endpoint: 'delete',
    method: request.method ?? '',
    path: name === null ? rawPath : `/v1/${name}`,
    bodyBytes: body.length,
    ...(name === null ? {} : { name }),
    ...(typeof request.headers['x-goog-user-project'] === 'string' ? { quotaProject: request.headers['x-goog-user-project'] } : {}),
  };
  const answer = (status: SimulatorRequest['status'], extra: Partial<SimulatorRequest> = {}) => state.log({ ...entry, status, ...extra });

  if (request.method !== 'DELETE') {
    sendRpcError(response, 'NOT_FOUND', 'Method not found.');
    return answer(404, { error: 'method' });
  }
  if (name === null || !checkOperationName(name).ok) {
    sendRpcError(response, 'INVALID_ARGUMENT', 'Invalid resource field value in the request: name.');
    return answer(400, { error: 'name' });
  }

  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer ([\x21-\x7e]+)$/.exec(header)?.[1];
  const auth = bearer === undefined ? 'missing' : state.tokens.accessStatus(bearer);
  if (auth !== 'active') {
    sendRpcError(response, 'UNAUTHENTICATED', auth === 'missing' ? MISSING_CREDENTIALS : INVALID_CREDENTIALS, {
      'WWW-Authenticate':
        auth === 'missing' ? 'Bearer realm="https://accounts.google.com/"' : 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    });
    return answer(401, { auth, error: 'auth' });
  }
  const logged = (status: SimulatorRequest['status'], extra: Partial<SimulatorRequest> = {}) => answer(status, { auth, ...extra });

  if (body.length > 0) {
    sendRpcError(response, 'INVALID_ARGUMENT', 'The request body must be empty.');
    return logged(400, { error: 'body' });
  }
  if (state.mode === 'unimplemented') {
    sendRpcError(response, 'UNIMPLEMENTED', 'Operation deletion is not implemented by this service.');
    return logged(501);
  }

  const fault = state.faults.shift();
  if (fault?.kind === 'delay') await delay(fault.ms);
  if (fault?.kind === 'reset' || fault?.kind === 'status') {
    if (fault.applied) state.operations.delete(name);
    if (fault.kind === 'reset') {
      request.socket.destroy();
      return logged('reset', { fault: describeFault(fault) });
    }
    const rpcStatus = FAULT_RPC_STATUS[fault.status];
    const message = fault.message ?? FAULT_MESSAGES[fault.status];
    sendRpcError(response, rpcStatus, message, fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter });
    return logged(fault.status, { fault: describeFault(fault) });
  }

  if (!state.operations.delete(name)) {
    sendRpcError(response, 'NOT_FOUND', `Operation "${name}" not found.`);
    return logged(404, fault ? { fault: describeFault(fault) } : {});
  }
  const text = state.successBody === 'json' ? '{}' : '';
  response.writeHead(
    200,
    text === '' ? { 'Content-Length': 0 } : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) },
  );
  response.end(text);
  return logged(200, fault ? { fault: describeFault(fault) } : {});
}
