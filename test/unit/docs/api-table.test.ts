import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiTablePath, renderApiTable } from '../../../scripts/generate-api-table';
import { statusPageOperationTable } from '../../../shared/statuspal/operations';

describe('docs/api-operations.md', () => {
  it('lists all 55 operations and matches the operation table (regenerate with npx tsx scripts/generate-api-table.ts)', () => {
    expect(statusPageOperationTable()).toHaveLength(55);
    expect(fs.readFileSync(apiTablePath, 'utf8')).toBe(renderApiTable());
  });
});
