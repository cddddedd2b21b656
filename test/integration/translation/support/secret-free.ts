import { expect } from 'vitest';

/** Every way an error could be shown or shipped: String, JSON, stack, own fields, through the whole cause chain. */
function renderings(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current !== undefined && current !== null; depth++) {
    parts.push(String(current));
    parts.push(JSON.stringify(current) ?? '');
    if (typeof current === 'object') {
      const record = current as Record<string, unknown> & { stack?: unknown; message?: unknown; cause?: unknown };
      parts.push(String(record.stack ?? ''), String(record.message ?? ''));
      for (const name of Object.getOwnPropertyNames(record)) {
        const value = record[name];
        if (typeof value === 'string') parts.push(value);
        else if (typeof value === 'object' && value !== null && name !== 'cause') parts.push(JSON.stringify(value) ?? '');
      }
      current = record.cause;
    } else current = undefined;
  }
  return parts.join('\n');
}

export function expectNoSecret(error: unknown, secret: string): void {
  const text = renderings(error);
  expect(text).not.toContain(secret);
  expect(text).not.toContain(encodeURIComponent(secret));
  expect(text).not.toMatch(/api_key=(?!\[redacted\])/);
}

/** Runs `fn`, expects it to throw, returns what was thrown. */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}
