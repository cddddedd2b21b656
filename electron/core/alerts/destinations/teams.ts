import type { AlertMessage } from '@shared/alerts/alert-message';
import { checkServiceAddress } from './address-check';
import { answerExcerpt, readAnswer } from './answer-reading';
import type { DeliveryVerdict, DestinationFormat, ReceiverAnswer } from './destination-format';
import { changeLine, changeLink, cut, shownChanges, testPrefix, timeIn } from './message-text';

/*
 * Microsoft Teams through a Workflows webhook ("Post to a channel when a webhook request is received").
 * - Sending: https://support.microsoft.com/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498
 *   — POST a message whose attachment is an Adaptive Card, in the shape of
 *   https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using#send-adaptive-cards-using-an-incoming-webhook
 *   (`{type: "message", attachments: [{contentType: "application/vnd.microsoft.card.adaptive", content: {…}}]}`).
 *   The address is the workflow's HTTP trigger, signed in its query (`sig=`): on *.logic.azure.com, or
 *   *.environment.api.powerplatform.com for flows made after the Power Platform move.
 * - The card: https://adaptivecards.io/explorer/AdaptiveCard.html, version 1.4 (what Teams renders everywhere,
 *   https://learn.microsoft.com/microsoftteams/platform/task-modules-and-cards/cards/cards-reference#adaptive-card).
 *   A Teams message holds at most about 28 KB (https://learn.microsoft.com/microsoftteams/limits-specifications-teams).
 * - Answers: the trigger answers 202 Accepted once the flow run is queued; 4xx are refusals (400 a body the
 *   trigger's schema refuses, 401/403 a signature no longer valid, 404 a flow deleted or turned off); 429
 *   with Retry-After when throttled (https://learn.microsoft.com/power-automate/limits-and-config).
 * - Rate limit: Teams throttles a webhook sent more than four requests in a second
 *   (https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook, "Rate
 *   limiting"); each request is also a flow run under Power Automate's own limits, so two a second is sent at most.
 * Threads: a workflow posts a new message per request; it has no reply-to in its trigger, so each change is its
 * own card naming its incident.
 */

/** Changes spelled out in one card; the rest are counted (the 28 KB limit). */
const MAX_CHANGES = 15;
const MAX_TEXT = 2_000;

type CardElement = Record<string, unknown>;

function teamsCard(message: AlertMessage, timeZone: string): Record<string, unknown> {
  const { shown, more } = shownChanges(message, MAX_CHANGES);
  const body: CardElement[] = [
    {
      type: 'TextBlock',
      text: `${testPrefix(message)}${message.title}`,
      weight: 'Bolder',
      size: 'Medium',
      wrap: true,
      color: message.action === 'resolve' ? 'Good' : message.severity === 'major' ? 'Attention' : message.severity === 'minor' ? 'Warning' : 'Default',
    },
  ];
  for (const change of shown) {
    body.push({ type: 'TextBlock', text: changeLine(change), weight: 'Bolder', wrap: true, spacing: 'Medium' });
    const facts = [
      ...(change.subject
        ? [
            {
              title: change.subject.kind === 'incident' ? 'Incident' : change.subject.kind === 'maintenance' ? 'Maintenance' : 'Notice',
              value: change.subject.title,
            },
          ]
        : []),
      { title: 'Level', value: change.severity },
      { title: 'Seen', value: timeIn(change.at, timeZone) },
    ];
    body.push({ type: 'FactSet', facts });
    if (change.text) body.push({ type: 'TextBlock', text: cut(change.text, MAX_TEXT), wrap: true, isSubtle: true });
  }
  if (more > 0) body.push({ type: 'TextBlock', text: `…and ${more} more change${more === 1 ? '' : 's'}.`, wrap: true });
  const link = shown.map(changeLink).find((url): url is string => url !== null && /^https?:\/\//.test(url));
  return {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
    ...(link ? { actions: [{ type: 'Action.OpenUrl', title: 'Open the status page', url: link }] } : {}),
    msteams: { width: 'Full' },
  };
}

function teamsPayload(message: AlertMessage, timeZone: string): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: teamsCard(message, timeZone) }],
  };
}

function classifyTeams(answer: ReceiverAnswer): DeliveryVerdict {
  const { status } = answer;
  if (status === 401 || status === 403)
    return { kind: 'refused', reason: `Teams no longer accepts this workflow address (${status}): its signature changed or the flow was turned off` };
  if (status === 404) return { kind: 'refused', reason: 'the Teams workflow no longer exists or is turned off (404)' };
  if (status === 413) return { kind: 'refused', reason: 'the message is larger than Teams takes (413)' };
  const verdict = readAnswer(answer, 'Teams');
  if (verdict.kind !== 'refused' || answer.text.trim() === '') return verdict;
  return { kind: 'refused', reason: `${verdict.reason}: ${answerExcerpt(answer.text)}` };
}

export const teamsFormat: DestinationFormat = {
  kind: 'teams',
  checkSecret: ({ address }) =>
    checkServiceAddress(address, {
      expected: 'a Teams workflow webhook address (https://….logic.azure.com/… or https://….powerplatform.com/…)',
      hostAllowed: (host) => host.endsWith('.logic.azure.com') || host.endsWith('.powerplatform.com') || host.endsWith('.powerautomate.com'),
    }),
  rateLimit: {
    messages: 2,
    perMs: 1_000,
    source: 'https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook (over 4 per second throttled)',
  },
  request: (message, { secret, destination }) => ({
    url: secret.address,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(teamsPayload(message, destination.timeZone)),
  }),
  classify: classifyTeams,
};
