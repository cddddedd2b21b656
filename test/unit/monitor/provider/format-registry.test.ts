import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFromAddress, PROVIDER_FORMAT_TRIAL_ORDER } from '../../../../shared/monitor/provider/format-from-address';
import { ProviderNotUnderstoodError } from '../../../../shared/monitor/provider/not-understood';
import { PROVIDER_FORMAT_RECORDS, PROVIDER_FORMATS, providerFormatRecord } from '../../../../shared/monitor/provider/provider-format';
import { normaliseProviderUrl } from '../../../../shared/monitor/provider/provider-url';
import { pageSnapshotSchema } from '../../../../shared/monitor/snapshot';
import { DEMO_PROVIDERS, FORMAT_DEMO_PROVIDERS } from '../../../../simulators/provider/model';
import { SIMULATOR_SHAPES } from '../../../../simulators/provider/shapes';
import { sample } from './published-samples';

/*
 * A format is its record (shared/monitor/provider/formats/), its published samples and its simulator shape: each
 * format in the registry has all of them, and its parts agree with one another.
 */

const SAMPLES = path.join(__dirname, '../../../fixtures/providers');
const publishedSamples = (format: string): string[] => readdirSync(path.join(SAMPLES, format)).filter((name) => name !== 'README.md');
const ROOT = 'https://status.example.com/team';

/**
 * Published answers of the same services that are not the document a page is read from (Cachet 3's incidents list,
 * Google Cloud's incidents.json): kept to test the part names and that the reader refuses them rather than misreads.
 */
const NOT_A_PAGE: Partial<Record<string, readonly string[]>> = {
  cachet: ['cachet3-docs-incidents.json'],
  feed: ['google-cloud-incidents-2026-07-30.json'],
};

describe.each(PROVIDER_FORMAT_RECORDS.map((record) => [record.id, record] as const))('the %s format', (id, record) => {
  it('has a label, its "not understood" words, an address hint and a reader', () => {
    expect(PROVIDER_FORMATS).toContain(id);
    expect(providerFormatRecord(id)).toBe(record);
    for (const words of [record.label, record.notUnderstoodAs, record.addressHint]) expect(words.trim()).not.toBe('');
    expect(record.read).toBeTypeOf('function');
  });

  it('is detected by its address, or by what a bare address answers', () => {
    const { address, answer } = record.detection;
    expect(address !== null || answer !== null).toBe(true);
    if (answer !== null && 'trial' in answer) expect(PROVIDER_FORMAT_TRIAL_ORDER).toContain(id);
    // Read as another format: that one must be tried on a bare address, or this format is never found.
    if (answer !== null && 'readAs' in answer) expect(PROVIDER_FORMAT_TRIAL_ORDER).toContain(answer.readAs);
  });

  it('has a shape in the provider simulator, and a page of its seeds to be watched end to end', () => {
    expect(SIMULATOR_SHAPES[id]).toMatchObject({ contentType: expect.any(String), render: expect.any(Function) });
    expect([...DEMO_PROVIDERS, ...FORMAT_DEMO_PROVIDERS].some((seed) => (seed.format ?? 'statuspage') === id)).toBe(true);
  });

  it('has a published sample in test/fixtures/providers/<id>/, and its reader understands every page among them', () => {
    const names = publishedSamples(id);
    const notPages = NOT_A_PAGE[id] ?? [];
    expect(names.filter((name) => !notPages.includes(name)).length).toBeGreaterThan(0);
    for (const name of names) {
      const read = () => record.read(sample(id, name), { url: ROOT, now: Date.parse('2026-01-01T00:00:00Z') });
      if (notPages.includes(name)) {
        expect(read, name).toThrow(ProviderNotUnderstoodError);
        continue;
      }
      expect(() => pageSnapshotSchema.parse(JSON.parse(JSON.stringify(read()))), name).not.toThrow();
    }
  });

  it('cuts each of its document addresses back to the address watched, and tells a pasted one as itself', () => {
    for (const document of record.documentUrls(ROOT)) {
      expect(normaliseProviderUrl(document, id)).toBe(ROOT);
      if (document === ROOT) continue; // The address watched is the document: its shape is tested with the CLI's argument.
      const { answer } = record.detection;
      expect(formatFromAddress(document)).toBe(answer !== null && 'readAs' in answer ? answer.readAs : id);
    }
  });

  it('refuses an HTML page as "not understood", in its own words', () => {
    const html = '<!doctype html><html><head><title>Status</title></head><body><p>All good</p></body></html>';
    expect(() => record.read(html, { url: ROOT, now: 0 })).toThrow(ProviderNotUnderstoodError);
    expect(() => record.read(html, { url: ROOT, now: 0 })).toThrow(`Not understood as ${record.notUnderstoodAs}:`);
  });
});

describe('the registry', () => {
  it('names each format once, and the simulator shapes no format it does not hold', () => {
    expect(new Set(PROVIDER_FORMATS).size).toBe(PROVIDER_FORMATS.length);
    expect(Object.keys(SIMULATOR_SHAPES).sort()).toEqual([...PROVIDER_FORMATS].sort());
  });

  it('tries a bare address as Statuspage, then Instatus, then Cachet', () => {
    expect(PROVIDER_FORMAT_TRIAL_ORDER).toEqual(['statuspage', 'instatus', 'cachet']);
  });

  it("lets a specific shape win over a loose one: a feed folder's summary.json is a feed, not Instatus", () => {
    expect(formatFromAddress('https://status.example.com/feed/summary.json')).toBe('feed');
    expect(formatFromAddress('https://status.example.com/api/v2/summary.json')).toBe('statuspage');
    expect(formatFromAddress('https://status.example.com/team/summary.json')).toBe('instatus');
  });
});
