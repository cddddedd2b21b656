import type { DeliveryVerdict, ReceiverAnswer } from './destination-format';

/*
 * How any receiver's answer reads when its service says nothing more specific: a 2xx took it; a 408, a 429
 * (with its Retry-After) or a 5xx may take it later; any other answer never will. Each format words its own
 * refusals first and falls back on this.
 */
export function readAnswer(answer: ReceiverAnswer, service: string): DeliveryVerdict {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 429) return { kind: 'retry', reason: `${service} asked to slow down (429)`, retryAfter: answer.header('retry-after') };
  if (status === 408) return { kind: 'retry', reason: `${service} timed out reading the message (408)` };
  if (status >= 500) return { kind: 'retry', reason: `${service} had a server error (${status})`, retryAfter: answer.header('retry-after') };
  if (status >= 300 && status < 400)
    return { kind: 'refused', reason: `${service} answered with a redirect (${status}), which is never followed with a secret` };
  return { kind: 'refused', reason: `${service} refused the message (${status})` };
}

/** A short piece of the receiver's answer for a message, on one line; never more than 200 characters. */
export function answerExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
