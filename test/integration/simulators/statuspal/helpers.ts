import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { startStatusPageSimulator, type StartOptions, type StatusPageSimulator } from '../../../../simulators/statuspal';
import { realFixturesDir } from '../../../support/paths';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** Starts simulators for one test and closes them after it. Rate limit off unless asked. */
export function useSimulators(): (options?: StartOptions) => Promise<StatusPageSimulator> {
  const started: StatusPageSimulator[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.close()));
  });
  return async (options = {}) => {
    const sim = await startStatusPageSimulator({ rateLimit: false, now: new Date('2025-06-01T12:00:00Z'), ...options });
    started.push(sim);
    return sim;
  };
}

interface CallOptions {
  key?: string;
  body?: unknown;
  /** sent as is (for unparseable JSON) */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(sim: StatusPageSimulator | string, method: string, pathOrUrl: string, opts: CallOptions = {}): Promise<Answer<T>> {
  const base = typeof sim === 'string' ? sim : sim.baseUrl;
  const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : pathOrUrl.startsWith('/api/') ? `${new URL(base).origin}${pathOrUrl}` : `${base}${pathOrUrl}`;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.key !== undefined) headers.authorization = opts.key;
  let body: string | undefined;
  const bodyless = method === 'GET' || method === 'HEAD';
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined && !bodyless) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let json: any;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const api = (sim: StatusPageSimulator, key?: string) => ({
  get: <T = any>(p: string, k = key) => call<T>(sim, 'GET', p, { key: k }),
  post: <T = any>(p: string, body: unknown, k = key) => call<T>(sim, 'POST', p, { key: k, body }),
  put: <T = any>(p: string, body: unknown, k = key) => call<T>(sim, 'PUT', p, { key: k, body }),
  del: <T = any>(p: string, k = key) => call<T>(sim, 'DELETE', p, { key: k }),
});

export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export function fixtureNames(): string[] {
  return readdirSync(realFixturesDir)
    .filter((n) => n.endsWith('.json'))
    .sort();
}

export function loadFixture(name: string): any {
  return JSON.parse(readFileSync(path.join(realFixturesDir, name), 'utf8'));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
