import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A published sample of test/fixtures/providers/<format>/ (see the README there for each source). */
export function sample(format: string, name: string): string {
  return readFileSync(path.join(__dirname, '../../../fixtures/providers', format, name), 'utf8');
}

export function sampleJson(format: string, name: string): Record<string, unknown> {
  return JSON.parse(sample(format, name)) as Record<string, unknown>;
}
