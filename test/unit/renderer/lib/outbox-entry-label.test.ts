import { describe, expect, it } from 'vitest';
import { describeEntry } from '../../../../renderer/src/lib/outbox-entry-label';
import { tempIdFor } from '../../../../shared/outbox/temp-id';

const TEMP = tempIdFor('0b7f6f0e-2f43-4d8e-9f57-2b1d3a0c9e11');

describe('describeEntry: the words for every incident and notice write', () => {
  it.each([
    ['createIncident', { incident: { title: ' API down ' } }, 'Create incident “API down”'],
    ['updateIncident', { incidentId: 7, incident: { title: 'API slow' } }, 'Edit incident #7 “API slow”'],
    ['updateIncident', { incidentId: TEMP, incident: {} }, 'Edit the new incident'],
    ['deleteIncident', { incidentId: 7 }, 'Delete incident #7'],
    ['addIncidentUpdate', { incidentId: 7, update: { type: 'resolved' } }, 'Resolve incident #7'],
    ['addIncidentUpdate', { incidentId: 7, update: { type: 'monitoring' } }, 'Add an update to incident #7'],
    ['changeIncidentUpdate', { incidentId: 7 }, 'Edit an update of incident #7'],
    ['deleteIncidentUpdate', {}, 'Delete an update of incident'],
    ['createInfoNotice', { info_notice: { title: 'New layout' } }, 'Create notice “New layout”'],
    ['updateInfoNotice', { infoNoticeId: 3, info_notice: { title: '' } }, 'Edit notice #3'],
    ['deleteInfoNotice', { infoNoticeId: TEMP }, 'Delete the new notice'],
    ['addInfoNoticeUpdate', { infoNoticeId: 3, update: { type: 'resolved' } }, 'Add an update to notice #3'],
    ['changeInfoNoticeUpdate', { infoNoticeId: 3 }, 'Edit an update of notice #3'],
    ['deleteInfoNoticeUpdate', { infoNoticeId: 3 }, 'Delete an update of notice #3'],
    ['createComponentGroup', {}, 'Create component group'],
  ])('%s %j → %s', (operation, input, words) => {
    expect(describeEntry({ operation, input: { subdomain: 'acme', ...input } })).toBe(words);
  });
});
