import type { BaseLevel } from '@shared/statuspage/levels';

export const LEVEL_TEXT: Record<BaseLevel, string> = {
  operational: 'Operational',
  scheduled: 'Maintenance',
  minor: 'Minor incident',
  major: 'Major outage',
};
