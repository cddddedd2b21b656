import { describe, expect, it } from 'vitest';
import { typeLabel } from '../../../renderer/src/lib/incident-types';

describe('typeLabel', () => {
  it('names an incident type in the words the dashboard says its level in', () => {
    expect(typeLabel('major')).toBe('Major outage');
    expect(typeLabel('minor')).toBe('Minor incident');
    expect(typeLabel('scheduled')).toBe('Maintenance');
  });

  it('names a custom type with the level it counts as on the page, when known', () => {
    expect(typeLabel('performance', { performance: 'minor' })).toBe('Performance (minor incident)');
    expect(typeLabel('emergency-maintenance', { 'emergency-maintenance': 'scheduled' })).toBe('Emergency maintenance (maintenance)');
    expect(typeLabel('performance')).toBe('Performance');
  });
});
