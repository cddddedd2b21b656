import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IncidentPageStore, INCIDENT_PAGES_FILE_NAME } from '../../../electron/core/incidents/incident-page-store';
import { makeTempDir } from '../../support/temp-dir';

const ACME = { accountId: 'acc-1', subdomain: 'acme' };
const OTHER = { accountId: 'acc-2', subdomain: 'beta' };
const outage = { title: 'Checkout failing', type: 'major', serviceIds: [1, 2], message: 'We are looking into failed payments.' };

let temp: ReturnType<typeof makeTempDir>;
afterEach(() => temp?.remove());

function open(problems: string[] = []) {
  temp ??= makeTempDir('statusdesk-incident-pages-');
  return new IncidentPageStore({ dataDir: temp.dir, onProblem: (m) => problems.push(m), now: () => new Date('2026-11-25T08:00:00Z') });
}
const file = () => path.join(temp.dir, INCIDENT_PAGES_FILE_NAME);

describe('incident page store', () => {
  it('keeps templates per page across a restart; the same name replaces, rename and delete change only theirs', async () => {
    temp = makeTempDir('statusdesk-incident-pages-');
    const store = open();
    await store.saveTemplate(ACME, 'Payments down', outage);
    await store.saveTemplate(ACME, 'Maintenance', { title: 'Planned work', type: 'scheduled', serviceIds: [], message: 'Short downtime.' });
    await store.saveTemplate(OTHER, 'Payments down', { ...outage, title: 'Other page' });
    const replaced = await store.saveTemplate(ACME, ' payments DOWN ', { ...outage, title: 'Checkout failing again' });
    expect(replaced.templates.map((t) => [t.name, t.title])).toEqual([
      ['Maintenance', 'Planned work'],
      ['payments DOWN', 'Checkout failing again'],
    ]);

    const again = open();
    const acme = await again.get(ACME);
    expect(acme.templates).toHaveLength(2);
    expect((await again.get(OTHER)).templates[0]!.title).toBe('Other page');
    const payments = acme.templates.find((t) => t.name === 'payments DOWN')!;
    await expect(again.renameTemplate(ACME, payments.id, 'maintenance')).rejects.toMatchObject({ code: 'conflict' });
    expect((await again.renameTemplate(ACME, payments.id, 'Card outage')).templates.map((t) => t.name)).toEqual(['Card outage', 'Maintenance']);
    await expect(again.renameTemplate(ACME, 'no-such-id', 'X')).rejects.toMatchObject({ code: 'not_found' });
    const left = await again.deleteTemplate(ACME, payments.id);
    expect(left.templates.map((t) => t.name)).toEqual(['Maintenance']);
    expect((await open().get(OTHER)).templates).toHaveLength(1);
  });

  it('remembers the languages last used per page, without duplicates', async () => {
    temp = makeTempDir('statusdesk-incident-pages-');
    await open().rememberLanguages(ACME, ['de', 'fr', 'de']);
    expect((await open().get(ACME)).languages).toEqual(['de', 'fr']);
    expect((await open().get(OTHER)).languages).toEqual([]);
  });

  it('a damaged file is moved aside, reported, and the store starts empty and works', async () => {
    temp = makeTempDir('statusdesk-incident-pages-');
    fs.writeFileSync(file(), '{"format":"statusdesk.incident-pages","version":1,"pages":[{"accountId":"acc-1"');
    const problems: string[] = [];
    const store = open(problems);
    expect(await store.get(ACME)).toEqual({ templates: [], languages: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/incident templates file was unreadable.*incident-pages\.corrupt-.*\.json/);
    const aside = fs.readdirSync(temp.dir).filter((name) => name.includes('.corrupt-'));
    expect(aside).toHaveLength(1);
    await store.saveTemplate(ACME, 'Payments down', outage);
    expect((await open().get(ACME)).templates.map((t) => t.name)).toEqual(['Payments down']);
  });

  it('a file with one bad template keeps the good ones and sets the original aside', async () => {
    temp = makeTempDir('statusdesk-incident-pages-');
    const good = { id: 't1', name: 'Payments down', ...outage };
    const bad = { id: 't2', name: '', title: 7 };
    fs.writeFileSync(
      file(),
      JSON.stringify({ format: 'statusdesk.incident-pages', version: 1, pages: [{ ...ACME, templates: [good, bad], languages: ['de'] }, { nonsense: true }] }),
    );
    const problems: string[] = [];
    const prefs = await open(problems).get(ACME);
    expect(prefs).toEqual({ templates: [good], languages: ['de'] });
    expect(problems[0]).toMatch(/had 2 unreadable entries; the rest is kept/);
    expect(fs.readdirSync(temp.dir).some((name) => name.includes('.corrupt-'))).toBe(true);
    expect((await open().get(ACME)).templates).toEqual([good]);
  });

  it('refuses what the contract refuses: an empty name, a title over 255 characters', async () => {
    temp = makeTempDir('statusdesk-incident-pages-');
    await expect(open().saveTemplate(ACME, '  ', outage)).rejects.toThrow();
    await expect(open().saveTemplate(ACME, 'Long', { ...outage, title: 'x'.repeat(256) })).rejects.toThrow();
    expect(fs.existsSync(file())).toBe(false);
  });
});
