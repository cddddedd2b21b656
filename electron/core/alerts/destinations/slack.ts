import type { AlertMessage } from '@shared/alerts/alert-message';
import { checkServiceAddress } from './address-check';
import { answerExcerpt, readAnswer } from './answer-reading';
import type { DeliveryVerdict, DestinationFormat, ReceiverAnswer } from './destination-format';
import { changeLine, changeLink, cut, shownChanges, testPrefix, timeIn } from './message-text';

/*
 * Slack incoming webhooks.
 * - Sending: https://api.slack.com/messaging/webhooks — POST JSON to the hook's secret address
 *   (https://hooks.slack.com/services/T…/B…/…); `text` is the notification's fallback when `blocks` are given
 *   (https://api.slack.com/reference/messaging/payload).
 * - Blocks: https://api.slack.com/reference/block-kit/blocks — at most 50 blocks; a header's text at most 150
 *   characters, a section's 3,000; mrkdwn escapes &, < and > (https://api.slack.com/reference/surfaces/formatting#escaping).
 * - Answers: 200 "ok"; errors are a plain-text code with the status
 *   (https://api.slack.com/messaging/webhooks#handling_errors): 400 invalid_payload / no_text, 403
 *   action_prohibited / posting_to_general_channel_denied / invalid_token, 404 no_service / channel_not_found /
 *   no_team, 410 channel_is_archived.
 * - Rate limit: about one message per second per webhook, short bursts tolerated, then 429 with Retry-After
 *   (https://api.slack.com/docs/rate-limits).
 * Threads: an incoming webhook answers only "ok", never the message's `ts`, so a later message cannot be
 * posted as a reply (thread_ts needs chat.postMessage and a bot token). Each change is its own message, and
 * names its incident so the channel can follow one incident's updates.
 */

const SLACK_ERRORS: Record<string, string> = {
  invalid_payload: 'Slack could not read the message (invalid_payload)',
  no_text: 'Slack found no text in the message (no_text)',
  action_prohibited: 'an administrator of the Slack workspace has restricted posting through this webhook (action_prohibited)',
  posting_to_general_channel_denied: 'only admins may post to this Slack channel (posting_to_general_channel_denied)',
  invalid_token: 'Slack no longer accepts this webhook (invalid_token): create a new one',
  no_service: 'the Slack webhook was removed or disabled (no_service): create a new one',
  no_team: 'the Slack workspace of this webhook no longer exists (no_team)',
  channel_not_found: 'the Slack channel of this webhook no longer exists (channel_not_found)',
  channel_is_archived: 'the Slack channel of this webhook is archived (channel_is_archived)',
  user_not_found: 'the Slack user of this webhook no longer exists (user_not_found)',
};

const MAX_BLOCKS = 50;
const MAX_HEADER = 150;
const MAX_SECTION = 3_000;
/** Changes spelled out in one message; a digest names the rest by count (the block limit holds). */
const MAX_CHANGES = 20;

const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function linked(text: string, url: string | null): string {
  const label = escapeMrkdwn(text).replace(/\|/g, '¦');
  return url && /^https?:\/\//.test(url) ? `<${url.replace(/[<>|]/g, encodeURIComponent)}|${label}>` : label;
}

function slackPayload(message: AlertMessage, timeZone: string): { text: string; blocks: unknown[] } {
  const { shown, more } = shownChanges(message, MAX_CHANGES);
  const blocks: unknown[] = [{ type: 'header', text: { type: 'plain_text', text: cut(`${testPrefix(message)}${message.title}`, MAX_HEADER), emoji: true } }];
  for (const change of shown) {
    const subject = change.subject ? `\n*Incident:* ${linked(change.subject.title, change.subject.url)}` : '';
    const text = change.text ? `\n>${escapeMrkdwn(change.text).replace(/\n/g, '\n>')}` : '';
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: cut(`*${linked(changeLine(change), changeLink(change))}*${subject}${text}`, MAX_SECTION) },
    });
  }
  if (more > 0) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `…and ${more} more change${more === 1 ? '' : 's'}.` } });
  const seen = message.changes[message.changes.length - 1]!.at;
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `Seen ${escapeMrkdwn(timeIn(seen, timeZone))} · Statusdesk` }] });
  const fallback = [`${testPrefix(message)}${message.title}`, ...shown.map(changeLine)].join('\n');
  return { text: cut(fallback, MAX_SECTION), blocks: blocks.slice(0, MAX_BLOCKS) };
}

function classifySlack(answer: ReceiverAnswer): DeliveryVerdict {
  const code = answer.text.trim();
  if (answer.status === 200) return { kind: 'delivered' };
  const known = SLACK_ERRORS[code];
  if (known && answer.status >= 400 && answer.status < 500 && answer.status !== 429) return { kind: 'refused', reason: known };
  const verdict = readAnswer(answer, 'Slack');
  return verdict.kind === 'refused' && code !== '' ? { kind: 'refused', reason: `${verdict.reason}: ${answerExcerpt(code)}` } : verdict;
}

export const slackFormat: DestinationFormat = {
  kind: 'slack',
  checkSecret: ({ address }) =>
    checkServiceAddress(address, {
      expected: 'a Slack incoming webhook address (https://hooks.slack.com/services/…)',
      hostAllowed: (host) => host === 'hooks.slack.com',
      pathAllowed: (path) => /^\/services\/[^/]+\/[^/]+\/[^/]+$/.test(path),
    }),
  rateLimit: { messages: 1, perMs: 1_000, source: 'https://api.slack.com/docs/rate-limits (incoming webhooks: 1 message per second)' },
  request: (message, { secret, destination }) => ({
    url: secret.address,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(slackPayload(message, destination.timeZone)),
  }),
  classify: classifySlack,
};
