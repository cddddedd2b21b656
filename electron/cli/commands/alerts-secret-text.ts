import { z } from 'zod';
import type { AlertDestination, AlertDestinationKind, NewAlertDestination } from '@shared/alerts/alert-destination';
import { AppError } from '@shared/errors';
import { describeIssues } from '@shared/validation/describe-issues';
import type { DestinationSecret } from '@core/alerts/alert-delivery-api';
import { CliUsageError } from '../output';

/*
 * How a destination's secret is written where a person or a service manager puts it: on the stdin of
 * `statusdesk alerts add` (or at its prompt), and in a file of a credentials directory for `statusdesk serve`
 * (systemd's LoadCredential=, Docker secrets). The same lines in both, so what was piped once can be put in a
 * file unchanged:
 *
 *   slack, teams   the webhook address
 *   pagerduty      the integration's routing key (the Events API address is --events-url, not a secret)
 *   webhook        the receiver's address, then on the next line the signing secret it checks signatures with
 *
 * A file may instead hold the JSON object {"address": …, "key": …}.
 */

/** What each kind asks for, in the words of the prompt and of the error when it is missing. */
export const SECRET_PARTS: Readonly<Record<AlertDestinationKind, readonly string[]>> = {
  slack: ['Slack incoming webhook address'],
  teams: ['Teams workflow webhook address'],
  pagerduty: ['PagerDuty routing key (integration key)'],
  webhook: ["receiver's address", 'signing secret the receiver checks'],
};

/** The non-empty lines of a pipe or a file, trimmed. */
export function secretLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The secret parts of `alerts add`, from the lines read, into the new destination's fields. */
export function secretFields(
  kind: AlertDestinationKind,
  lines: readonly string[],
  eventsUrl: string | undefined,
): Pick<NewAlertDestination, 'address' | 'key'> {
  const wanted = SECRET_PARTS[kind];
  if (lines.length < wanted.length) {
    const missing = wanted.slice(lines.length).join(' and the ');
    throw new CliUsageError(
      `no ${missing} was given: pipe ${wanted.length === 1 ? 'it' : 'them, one a line,'} on stdin (statusdesk alerts add ${kind} --name NAME < secret-file) or type ${wanted.length === 1 ? 'it' : 'them'} at the prompt; never as an argument, which stays in the shell history`,
    );
  }
  switch (kind) {
    case 'slack':
    case 'teams':
      return { address: lines[0] };
    case 'pagerduty':
      return { key: lines[0], ...(eventsUrl ? { address: eventsUrl } : {}) };
    case 'webhook':
      return { address: lines[0], key: lines[1] };
  }
}

const fileObjectSchema = z.object({ address: z.string().trim().min(1).max(2_000).optional(), key: z.string().trim().min(1).max(500).optional() }).strict();

/** The Events API v2 enqueue path, under the origin the destination was set up for (US or EU). */
const PAGERDUTY_ENQUEUE_PATH = '/v2/enqueue';

/**
 * A credentials file's secret for `destination`: its lines (as `alerts add` reads them) or a JSON object.
 * Refused with the reason when it cannot be read for the destination's kind; never quoting the file.
 */
export function secretFromFile(destination: Pick<AlertDestination, 'kind' | 'origin' | 'name'>, text: string, fileName: string): DestinationSecret {
  const trimmed = text.trim();
  let fields: { address?: string | undefined; key?: string | undefined };
  if (trimmed.startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch {
      throw new AppError('invalid_input', `The credential ${fileName} for "${destination.name}" starts with "{" but is not valid JSON.`);
    }
    const parsed = fileObjectSchema.safeParse(data);
    if (!parsed.success) throw new AppError('invalid_input', `The credential ${fileName} for "${destination.name}": ${describeIssues(parsed.error.issues)}.`);
    fields = parsed.data;
  } else {
    const lines = secretLines(text);
    const missing = SECRET_PARTS[destination.kind].slice(lines.length);
    if (missing.length > 0) throw new AppError('invalid_input', `The credential ${fileName} for "${destination.name}" holds no ${missing.join(' and no ')}.`);
    fields = secretFields(destination.kind, lines, undefined);
  }
  const address = fields.address ?? (destination.kind === 'pagerduty' ? `${destination.origin}${PAGERDUTY_ENQUEUE_PATH}` : undefined);
  if (address === undefined)
    throw new AppError('invalid_input', `The credential ${fileName} for "${destination.name}" holds no ${SECRET_PARTS[destination.kind][0]}.`);
  if ((destination.kind === 'pagerduty' || destination.kind === 'webhook') && fields.key === undefined) {
    throw new AppError('invalid_input', `The credential ${fileName} for "${destination.name}" holds no ${SECRET_PARTS[destination.kind].at(-1)}.`);
  }
  return fields.key === undefined ? { address } : { address, key: fields.key };
}
