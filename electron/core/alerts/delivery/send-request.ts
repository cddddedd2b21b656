import { networkCodeOf, networkFailureReason } from '@core/http/network-failure';
import { outboundFetch } from '@core/http/outbound';
import { timedExchange, type FetchLike } from '@core/http/timed-exchange';
import type { OutgoingRequest, ReceiverAnswer } from '../destinations/destination-format';

/*
 * One POST of an alert, through the app's one way out (core/http): no redirect followed (a redirect would
 * carry a webhook address or a routing key elsewhere), the body read no further than the cap, a time limit
 * over the whole exchange. A failure is said in words that never quote the address (it is the secret).
 */

type SendResult = { kind: 'answer'; answer: ReceiverAnswer } | { kind: 'failure'; reason: string };

class ExchangeFailed extends Error {}

export async function sendRequest(request: OutgoingRequest, timeoutMs: number, fetchImpl: FetchLike = outboundFetch): Promise<SendResult> {
  try {
    const exchange = await timedExchange(
      fetchImpl,
      request.url,
      { method: 'POST', headers: request.headers, body: request.body },
      {
        timeoutMs,
        fail: (failure) =>
          new ExchangeFailed(
            failure.kind === 'timeout'
              ? `no answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`
              : failure.kind === 'cancelled'
                ? 'the request was cancelled'
                : networkFailureReason(networkCodeOf(failure.error)),
          ),
      },
    );
    return { kind: 'answer', answer: { status: exchange.status, header: (name) => exchange.headers.get(name), text: exchange.text } };
  } catch (error) {
    return { kind: 'failure', reason: error instanceof ExchangeFailed ? error.message : 'the request failed' };
  }
}
