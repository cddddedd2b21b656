import { describe, expect, it } from 'vitest';
import { KnownSecrets } from '../../../electron/core/security/known-secrets';

describe('KnownSecrets', () => {
  it('hands back the same value, uncopied, when it carries no known secret', () => {
    const known = new KnownSecrets();
    known.add('sk-live-0123456789');
    const answer = { pages: [{ name: 'Acme', incidents: [{ title: 'Database latency' }] }] };
    expect(known.redactValue(answer)).toBe(answer);
  });

  it('replaces a secret in any string or key of a value, raw, URL-encoded or base64', () => {
    const known = new KnownSecrets();
    known.add('ya29.token/with+signs=');
    const value = {
      message: 'refused ya29.token/with+signs=',
      form: `refresh=${encodeURIComponent('ya29.token/with+signs=')}`,
      basic: Buffer.from('user:ya29.token/with+signs=').toString('base64'),
      'ya29.token/with+signs=': 1,
    };
    expect(JSON.stringify(known.redactValue(value))).not.toMatch(/ya29\.token|with%2Bsigns|eWEyOS50b2tlbi93aXRoK3NpZ25zPQ/);
    expect(known.redactValue(value).message).toBe('refused [redacted]');
  });

  it('finds a secret JSON would escape, and leaves text alone before any secret is known', () => {
    const known = new KnownSecrets();
    expect(known.redact('nothing known yet')).toBe('nothing known yet');
    known.add('pass"word\\1234');
    expect(known.redactValue({ said: 'it was pass"word\\1234' })).toEqual({ said: 'it was [redacted]' });
  });

  it('ignores blanks and secrets too short to replace without shredding text', () => {
    const known = new KnownSecrets();
    known.add('');
    known.add('   ');
    known.add('abc');
    expect(known.redact('abc abc')).toBe('abc abc');
  });
});
