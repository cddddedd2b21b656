import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Google answers 403 "…requires a quota project, which is not set by default" to calls made with
 * gcloud's user credentials (Application Default Credentials of type authorized_user) that name
 * no quota project; Google's own ADC documentation and the error text say so. The guide must not
 * call the step optional, and must show the command that sets it.
 */
const guide = fs.readFileSync(path.join(__dirname, '../../../docs/operations.md'), 'utf8');
const adcSection = guide.slice(guide.indexOf('### A.'), guide.indexOf('### B.'));

describe('docs/operations.md: the ADC quota project', () => {
  it('says the quota project is required with user credentials and shows how to set it', () => {
    expect(adcSection).toContain('gcloud auth application-default set-quota-project <project>');
    expect(adcSection).toMatch(/\*\*Required:\*\*/);
    expect(adcSection).toMatch(/requires a quota project/);
    expect(adcSection).not.toMatch(/optional[^.]*quota|quota[^.]*optional/i);
  });
});
