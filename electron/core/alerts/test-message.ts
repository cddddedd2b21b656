import { randomUUID } from 'node:crypto';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import type { AlertMessage } from '@shared/alerts/alert-message';

/**
 * The Test button's and `statusdesk alerts test`'s message: clearly a test, about no page, and never
 * deduplicated against an earlier test (each press is its own).
 */
export function testMessage(destination: AlertDestination, now: Date): AlertMessage {
  const at = now.toISOString();
  return {
    key: `test-${randomUUID()}`,
    incidentKey: `test:${destination.id}`,
    action: 'info',
    title: 'Statusdesk test: alerts reach this destination',
    severity: 'operational',
    changes: [
      {
        pageId: 'statusdesk-test',
        pageName: 'Statusdesk',
        pageUrl: null,
        subject: null,
        phase: 'level',
        severity: 'operational',
        headline: 'This is a test message. Nothing changed on any page.',
        text: `Sent to “${destination.name}” to check that the team's alerts arrive here.`,
        services: [],
        at,
      },
    ],
    test: true,
    createdAt: at,
  };
}
