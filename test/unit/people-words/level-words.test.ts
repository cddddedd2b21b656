import { describe, expect, it } from 'vitest';
import { levelChangeWords, levelInSentence, levelWords, severityWords } from '../../../shared/people-words/level-words';

describe('level words', () => {
  it('gives the major level one name, whatever word the provider used for it', () => {
    expect(levelWords('major', 'critical')).toBe('Major outage');
    expect(levelWords('major', 'major')).toBe('Major outage');
    expect(levelWords('major', 'major_outage')).toBe('Major outage');
  });

  it('says a level inside a sentence in the same words', () => {
    expect(levelInSentence('major')).toBe('major outage');
    expect(levelInSentence('scheduled')).toBe('maintenance');
    expect(levelInSentence('operational')).toBe('operational');
  });

  it('names a change of level with each side in its own words', () => {
    expect(levelChangeWords('scheduled', 'operational')).toBe('Maintenance → Operational');
    expect(levelChangeWords('major', 'operational', 'partial_outage', null)).toBe('Partial outage → Operational');
    expect(levelChangeWords('operational', 'minor', null, 'performance')).toBe('Operational → Performance (minor incident)');
  });

  it('names a notification severity as the level it stands for', () => {
    expect(severityWords('maintenance')).toBe('Maintenance');
    expect(severityWords('major')).toBe('Major outage');
    expect(severityWords('minor')).toBe('Minor incident');
  });
});
