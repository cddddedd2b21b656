import { describe, expect, it } from 'vitest';
import { alertsChannels } from '../../../shared/ipc/channels/alerts';

/* The Alerts channels: what the window may send, and that nothing secret goes back in an answer. */

describe('alerts channels', () => {
  it('a patch changes only what it names: an absent enabled is not turned back on', () => {
    const parsed = alertsChannels['alerts.updateDestination'].request.parse({ id: 'd1', patch: { name: '#ops' } });
    expect(parsed).toEqual({ id: 'd1', patch: { name: '#ops' } });
  });

  it('a rule without an id is a new one; quiet hours must be HH:MM', () => {
    const request = alertsChannels['alerts.saveRule'].request;
    expect(request.parse({ destinationId: 'd1' })).toMatchObject({ destinationId: 'd1', pageIds: null, minSeverity: 'minor', enabled: true });
    expect(request.safeParse({ destinationId: 'd1', quietHours: { from: '22:00', to: '7' } }).success).toBe(false);
  });

  it('an added destination answers without its address or key', () => {
    const answer = alertsChannels['alerts.addDestination'].response.parse({
      id: 'd1',
      name: '#ops',
      kind: 'slack',
      origin: 'https://hooks.slack.com',
      timeZone: 'Europe/Berlin',
      enabled: true,
      address: 'https://hooks.slack.com/services/T0/B0/secret',
      key: 'secret',
    });
    expect(JSON.stringify(answer)).not.toContain('secret');
  });
});
