import { describe, expect, it } from 'vitest';
import { surfaceTimeFormatter } from '../../../shared/appearance/surface-time';

describe('times on the tray and in notifications', () => {
  const soon = Date.now() + 3_600_000;
  it('say the zone the user chose, with its name', () => {
    expect(surfaceTimeFormatter('local', { zone: 'America/New_York', locale: 'en-US' })(soon)).toMatch(/^\d{1,2}:\d\d\s[AP]M E[SD]T$/);
    expect(surfaceTimeFormatter('page', { zone: 'America/New_York', locale: 'en-US' })(soon)).toMatch(/E[SD]T$/);
    expect(surfaceTimeFormatter('utc', { zone: 'America/New_York', locale: 'en-US' })(soon)).toMatch(/^\d{1,2}:\d\d\s[AP]M UTC$/);
    expect(surfaceTimeFormatter('local', { zone: 'Europe/Berlin', locale: 'de-DE' })(soon)).toMatch(/^\d\d:\d\d MEZ|MESZ$/);
  });

  it('give the day with a time more than 20 hours away', () => {
    expect(surfaceTimeFormatter('utc', { locale: 'en-US' })(Date.parse('2030-03-04T05:06:00Z'))).toBe('Mar 4, 5:06 AM UTC');
  });
});
