import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_FORMATS } from '../../../shared/monitor/provider/provider-format';
import { normaliseProviderUrl } from '../../../shared/monitor/provider/provider-url';
import { catalogueSchema, MIN_CATALOGUE_SIZE, PROVIDER_CATEGORIES, providerCatalogue } from '../../../shared/providers/catalogue';
import { searchProviders } from '../../../shared/providers/search';

const raw = JSON.parse(readFileSync(path.join(__dirname, '../../../shared/providers/catalogue.json'), 'utf8')) as { providers: Array<Record<string, unknown>> };

describe('the provider catalogue', () => {
  const catalogue = providerCatalogue();

  it(`has at least ${MIN_CATALOGUE_SIZE} providers, each with a name, an https address and a known format`, () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(MIN_CATALOGUE_SIZE);
    expect(raw.providers).toHaveLength(catalogue.length);
    for (const entry of catalogue) {
      expect(entry.name.trim(), JSON.stringify(entry)).not.toBe('');
      expect(new URL(entry.url).protocol, entry.name).toBe('https:');
      if (entry.page) expect(new URL(entry.page).protocol, entry.name).toBe('https:');
      expect(PROVIDER_FORMATS, entry.name).toContain(entry.format);
      // What the watch form will save: the address as is, once normalised for its format.
      expect(normaliseProviderUrl(entry.url, entry.format), entry.name).toBe(entry.url);
    }
  });

  it('has unique names (whatever their case)', () => {
    const names = catalogue.map((e) => e.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('covers the kinds of providers people depend on, in every category', () => {
    for (const category of PROVIDER_CATEGORIES)
      expect(
        catalogue.some((e) => e.category === category),
        category,
      ).toBe(true);
    const names = catalogue.map((e) => e.name);
    for (const name of ['GitHub', 'Cloudflare', 'Twilio', 'Datadog', 'Auth0', 'OpenAI', 'Anthropic', 'Amazon Web Services', 'GitLab'])
      expect(names).toContain(name);
    // The providers people asked for by name.
    for (const name of [
      'Azure',
      'Stripe',
      'Slack',
      'Salesforce',
      'Okta',
      'PagerDuty',
      'Fastly',
      'Akamai',
      'Heroku',
      'PayPal',
      'Supabase',
      'Render',
      'Plaid',
      'PlanetScale',
      'Grafana',
      'Firebase',
      'Neon',
      'Cohere',
      'Groq',
    ])
      expect(names, name).toContain(name);
    expect(catalogue.find((e) => e.name === 'Google Cloud')).toMatchObject({ format: 'feed', url: 'https://status.cloud.google.com/en/feed.atom' });
    expect(catalogue.find((e) => e.name === 'Stripe')).toMatchObject({ format: 'statuspage' });
    // Railway's page no longer answers in a format the reader knows.
    expect(names).not.toContain('Railway');
    expect(new Set(catalogue.map((e) => e.format))).toEqual(new Set(['statuspage', 'incidentio', 'instatus', 'statusio', 'cachet', 'feed']));
  });

  it('names the source of every entry and, where lists disagreed, the older address the newer one replaced', () => {
    const anthropic = catalogue.find((e) => e.name === 'Anthropic')!;
    expect(anthropic).toMatchObject({
      url: 'https://status.claude.com',
      source: 'aiwatch',
      supersedes: { source: 'stts', url: 'https://status.anthropic.com' },
    });
    expect(catalogue.find((e) => e.name === 'Elastic')).toMatchObject({ supersedes: { url: 'https://cloud-status.elastic.co' } });
    for (const entry of catalogue) if (entry.supersedes) expect(entry.supersedes.listed <= entry.listed, entry.name).toBe(true);
  });

  it('refuses a broken entry: plain http, an unknown format, a duplicate name, too few', () => {
    const ok = { name: 'X', url: 'https://status.x.test', format: 'statuspage', category: 'cloud', source: 'stts', listed: '2026-03-17' };
    const sources = (raw as unknown as { sources: unknown[] }).sources;
    const many = (entry: object) => ({ version: 2, sources, providers: [entry, ...catalogue.slice(1)] });
    expect(catalogueSchema.safeParse(many(ok)).success).toBe(true);
    expect(catalogueSchema.safeParse(many({ ...ok, url: 'http://status.x.test' })).success).toBe(false);
    expect(catalogueSchema.safeParse(many({ ...ok, format: 'html' })).success).toBe(false);
    expect(catalogueSchema.safeParse(many({ ...ok, name: catalogue[1]!.name.toUpperCase() })).success).toBe(false);
    expect(catalogueSchema.safeParse(many({ ...ok, source: 'no-such-list' })).success).toBe(false);
    expect(catalogueSchema.safeParse(many({ ...ok, listed: '2026-02-30' })).success).toBe(false);
    expect(catalogueSchema.safeParse(many({ ...ok, url: catalogue[1]!.url })).success).toBe(false);
    expect(catalogueSchema.safeParse({ version: 2, sources, providers: catalogue.slice(0, 10) }).success).toBe(false);
  });
});

describe('searching the catalogue', () => {
  it('finds a provider by its name as people type it, best matches first', () => {
    expect(searchProviders('github')[0]!.name).toBe('GitHub');
    expect(searchProviders('git').map((e) => e.name)).toEqual(expect.arrayContaining(['GitHub', 'GitLab']));
    expect(searchProviders('OPENAI')[0]).toMatchObject({ name: 'OpenAI', format: 'incidentio', url: 'https://status.openai.com' });
    expect(searchProviders('aws')[0]).toMatchObject({ name: 'Amazon Web Services', format: 'feed' });
    expect(searchProviders('datadog eu').map((e) => e.name)).toEqual(['Datadog (EU)']);
  });

  it('an empty search lists all, alphabetically; a limit cuts the list', () => {
    expect(searchProviders('')).toHaveLength(providerCatalogue().length);
    expect(searchProviders('  ', { limit: 5 })).toHaveLength(5);
    expect(searchProviders('zzzz-no-such-provider')).toEqual([]);
  });
});
