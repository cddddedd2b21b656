import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToLocalInput, localInputToApi } from '../../../renderer/src/lib/api-time';
import { buildIncidentCreate, buildIncidentPatch, incidentValuesOf } from '../../../renderer/src/components/incidents/incident-form';
import { buildNoticeCreate, noticeValuesOf } from '../../../renderer/src/components/incidents/notice-form';
import { buildUpdateBody, buildUpdatePatch, updateValuesOf } from '../../../renderer/src/components/incidents/update-form';
import { sameDraft, typedText, wireTranslations } from '../../../renderer/src/components/incidents/translation-draft';

const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

describe('local time fields ↔ API datetimes (UTC)', () => {
  it('sends local wall time as naive UTC and shows it back the same', () => {
    expect(localInputToApi('2030-01-15T10:00')).toBe('2030-01-15T15:00:00');
    expect(localInputToApi('2030-07-15T10:00')).toBe('2030-07-15T14:00:00'); // daylight saving time
    expect(apiToLocalInput('2030-01-15T15:00:00')).toBe('2030-01-15T10:00');
    expect(localInputToApi('')).toBeNull();
    expect(localInputToApi('tomorrow')).toBeNull();
    expect(apiToLocalInput(null)).toBe('');
  });
});

describe('incident form', () => {
  const filled = () => ({ ...incidentValuesOf(null), title: ' API down ', description: ' Requests fail. ', serviceIds: [2] });

  it('builds the create body with the first update, translations only where written', () => {
    const values = { ...filled(), translations: { de: { title: 'API ausgefallen', description: '' }, fr: {} } };
    const result = buildIncidentCreate(values, { maintenance: false });
    expect(result).toEqual({
      ok: true,
      body: {
        type: 'minor',
        title: 'API down',
        service_ids: [2],
        updates: [{ type: 'issue', description: 'Requests fail.', notify: true }],
        translations: { de: { title: 'API ausgefallen' } },
      },
    });
  });

  it('says what is missing before anything is built', () => {
    const result = buildIncidentCreate({ ...incidentValuesOf(null), type: 'two words' }, { maintenance: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['description', 'title', 'type']);
  });

  it('requires a maintenance start and an end after it', () => {
    const values = { ...filled(), type: 'scheduled', startsAt: '2030-01-15T10:00', endsAt: '2030-01-15T09:00' };
    const refused = buildIncidentCreate(values, { maintenance: true });
    expect(refused.ok || refused.errors.endsAt).toBe('The end must be after the start.');
    const accepted = buildIncidentCreate({ ...values, endsAt: '' }, { maintenance: true });
    expect(accepted.ok && accepted.body.starts_at).toBe('2030-01-15T15:00:00');
    expect(accepted.ok && 'ends_at' in accepted.body).toBe(false);
  });

  it('an edit sends only the changed fields, and refuses an edit that changes nothing', () => {
    const original = incidentValuesOf({ type: 'performance', title: 'Slow', service_ids: [1, 2], translations: { de: { title: 'Langsam' } } });
    expect(buildIncidentPatch({ ...original, serviceIds: [2, 1] }, original, { maintenance: false })).toMatchObject({ ok: false });
    expect(buildIncidentPatch({ ...original, title: 'Very slow' }, original, { maintenance: false })).toEqual({ ok: true, body: { title: 'Very slow' } });
    const cleared = buildIncidentPatch({ ...original, translations: {} }, original, { maintenance: false });
    expect(cleared).toEqual({ ok: true, body: { translations: {} } });
  });
});

describe('update and notice forms', () => {
  it('notice updates have no type; incident updates do', () => {
    const values = { ...updateValuesOf(null), description: 'Fixed.' };
    expect(buildUpdateBody(values, { withType: false })).toEqual({ ok: true, body: { description: 'Fixed.', notify: true } });
    expect(buildUpdateBody({ ...values, type: 'resolved' }, { withType: true })).toEqual({
      ok: true,
      body: { type: 'resolved', description: 'Fixed.', notify: true },
    });
  });

  it('an update edit carries what changed', () => {
    const original = updateValuesOf({ type: 'update', description: 'Old', translations: { de: { description: 'Alt' } } });
    expect(buildUpdatePatch({ ...original, description: 'New' }, original, { withType: true })).toEqual({ ok: true, body: { description: 'New' } });
  });

  it('a notice needs a title and a message; its featured window is checked', () => {
    const values = {
      ...noticeValuesOf(null),
      title: 'Hours',
      description: 'From Monday.',
      featuredFrom: '2030-01-02T10:00',
      featuredUntil: '2030-01-01T10:00',
    };
    const refused = buildNoticeCreate(values);
    expect(refused.ok).toBe(false);
    const accepted = buildNoticeCreate({ ...values, featuredUntil: '' });
    expect(accepted).toEqual({
      ok: true,
      body: { title: 'Hours', service_ids: [], updates: [{ description: 'From Monday.', notify: false }], featured_from: '2030-01-02T15:00:00' },
    });
  });
});

describe('translation drafts', () => {
  it('leaves blank translations out and compares regardless of language order', () => {
    expect(wireTranslations({ de: { title: ' ' }, fr: { title: 'Titre' } }, 'title')).toEqual({ fr: { title: 'Titre' } });
    expect(wireTranslations({ de: {} }, 'title')).toBeUndefined();
    expect(sameDraft({ de: { title: 'A' }, fr: { title: 'B' } }, { fr: { title: 'B' }, de: { title: 'A' } }, 'title')).toBe(true);
  });

  it('counts text as typed, and a language added without text as not', () => {
    const opened = typedText({ title: 'Outage', translations: {} });
    expect(typedText({ title: 'Outage', translations: { de: {}, fr: { title: ' ' } } })).toBe(opened);
    expect(typedText({ title: 'Outage', translations: { de: { title: 'Ausfall' } } })).not.toBe(opened);
    expect(typedText({ title: 'Outage.', translations: {} })).not.toBe(opened);
  });
});
