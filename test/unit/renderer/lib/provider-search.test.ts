import { describe, expect, it } from 'vitest';
import { PROVIDER_FORMATS } from '../../../../shared/monitor/provider/provider-format';
import { addressHint, findProviders } from '../../../../renderer/src/lib/provider-search';

describe('the watch form’s provider search', () => {
  it('finds providers as the user types, with where each lives and its format', async () => {
    const found = await findProviders('gitl');
    expect(found[0]).toEqual({
      name: 'GitLab',
      url: 'https://api.status.io/1.0/status/5b36dc6502d06804c08349f7',
      format: 'statusio',
      detail: 'status.gitlab.com · status.io',
    });
    expect((await findProviders('twilio'))[0]).toMatchObject({ name: 'Twilio', format: 'statuspage', detail: expect.stringMatching(/ · Statuspage$/) });
    expect(await findProviders('a', 3)).toHaveLength(3);
  });

  it('shows nothing for blank input', async () => {
    expect(await findProviders('   ')).toEqual([]);
  });

  it('says where each format is read', () => {
    for (const format of PROVIDER_FORMATS) expect(addressHint(format)).not.toBe('');
    expect(addressHint('instatus')).toContain('/summary.json');
    expect(addressHint('statusio')).toContain('api.status.io/1.0/status/');
  });
});
