import { describe, expect, it } from 'vitest';
import { api, useSimulators } from './helpers';

describe('subscriptions: kinds and filters', () => {
  const start = useSimulators();

  it('infers the kind from the fields, or takes it from `kind`', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const cases: [unknown, string][] = [
      [{ subscription: { email: 'x@example.com' } }, 'email'],
      [{ subscription: { phone_number: '+44 7700 900123' } }, 'sms'],
      [{ subscription: { phone_country_code: '1', phone_number: '555 0100' } }, 'sms'],
      [{ subscription: { webhook_url: 'https://hooks.example/1' } }, 'chat'],
      [{ subscription: { kind: 'chat', webhook_url: 'https://hooks.example/2', channel: '#ops' } }, 'chat'],
    ];
    for (const [body, kind] of cases) {
      const a = await c.post('/status_pages/acme/subscriptions', body);
      expect([body, a.status, a.json.subscription.kind]).toEqual([body, 201, kind]);
    }
    const full = await c.post('/status_pages/acme/subscriptions', { phone_number: '+44 7700 900124' });
    expect(full.json.subscription).toMatchObject({ phone_country_code: '+44', phone_number: '7700 900124' });
    const chat = (await c.get('/status_pages/acme/subscriptions?limit=100')).json.subscriptions.find((s: any) => s.channel === '#ops');
    expect(chat.kind).toBe('chat');
  });

  it('filters by email, or a phone number in the three forms of the spec', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    await c.post('/status_pages/acme/subscriptions', { subscription: { phone_country_code: '+41', phone_number: '76 555 12 34' } });
    await c.post('/status_pages/acme/subscriptions', { subscription: { phone_country_code: '+49', phone_number: '791234567' } });
    const q = async (f: string) =>
      (await c.get(`/status_pages/acme/subscriptions?filter=${encodeURIComponent(f)}`)).json.subscriptions.map(
        (s: any) => s.email ?? `${s.phone_country_code} ${s.phone_number}`,
      );
    expect(await q('alice@example.com')).toEqual(['alice@example.com']);
    expect(await q('ALICE@example.com')).toEqual(['alice@example.com']);
    expect(await q('nobody@example.com')).toEqual([]);
    // 1. full number, spaces allowed inside
    expect(await q('+41 79 123 45 67')).toEqual(['+41 79 123 45 67']);
    expect(await q('+41 791234567')).toEqual(['+41 79 123 45 67']);
    expect(await q('+41 79 1234567')).toEqual(['+41 79 123 45 67']);
    // 2. country code alone
    expect(await q('+41')).toEqual(['+41 79 123 45 67', '+41 76 555 12 34']);
    expect(await q('+49')).toEqual(['+49 791234567']);
    // 3. number without the country code: both +41 79 123 45 67 and +49 791234567 match
    expect(await q('791234567')).toEqual(['+41 79 123 45 67', '+49 791234567']);
    expect(await q('79 123 45 67')).toEqual(['+41 79 123 45 67', '+49 791234567']);
    expect(await q('+41 76 000 00 00')).toEqual([]);
    const total = (await c.get(`/status_pages/acme/subscriptions?filter=${encodeURIComponent('+41')}`)).json.meta.total_count;
    expect(total).toBe(2);
  });

  it('updates keep the record valid for its kind', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const s = (await c.post('/status_pages/acme/subscriptions', { subscription: { email: 'a@example.com' } })).json.subscription;
    expect((await c.put(`/status_pages/acme/subscriptions/${s.id}`, { subscription: { email: null } })).status).toBe(422);
    const ok = await c.put(`/status_pages/acme/subscriptions/${s.id}`, { email: 'b@example.com', service_ids: [1] });
    expect(ok.json.subscription).toMatchObject({ email: 'b@example.com', service_ids: [1] });
    expect(ok.json.subscription.updated_at > s.updated_at).toBe(true);
  });

  it('the members lists filter by email', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const orgAll = (await c.get('/orgs/1/members')).json.members.map((m: any) => [m.email, m.role]);
    expect(orgAll).toEqual([
      ['owner@acme.example', 'owner'],
      ['editor@acme.example', 'editor'],
      ['viewer@acme.example', 'viewer'],
    ]);
    expect((await c.get('/orgs/1/members?email=Editor@Acme.example')).json.members.map((m: any) => m.role)).toEqual(['editor']);
    expect((await c.get('/status_pages/acme-eu/members?email=eu-editor@acme.example')).json.members).toHaveLength(1);
    expect((await c.get('/status_pages/acme-eu/members?email=nobody@acme.example')).json).toMatchObject({ members: [], meta: { total_count: 0 } });
  });
});
