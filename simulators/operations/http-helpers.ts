import type http from 'node:http';
import { rpcErrorBody, type RpcStatus } from '@shared/operations/rpc-error';

export async function readBody(request: http.IncomingMessage, limit = 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function sendRpcError(response: http.ServerResponse, status: RpcStatus, message: string, headers: Record<string, string> = {}): void {
  const body = rpcErrorBody(status, message);
  sendJson(response, body.error.code, body, headers);
}

export function sendHtml(response: http.ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
  response.end(html);
}

export function redirect(response: http.ServerResponse, location: string): void {
  response.writeHead(302, { Location: location, 'Content-Length': 0 });
  response.end();
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
