import type { ProviderFormat } from './provider-format';

/**
 * An answer that does not read as the page's format (a wrong address, an HTML page, another format):
 * the page is shown as "not understood" with the reason, never as operational.
 */
export class ProviderNotUnderstoodError extends Error {
  constructor(
    readonly format: ProviderFormat,
    readonly reason: string,
  ) {
    super(`Not understood as ${AS_WHAT[format]}: ${reason}`);
    this.name = 'ProviderNotUnderstoodError';
  }
}

const AS_WHAT: Readonly<Record<ProviderFormat, string>> = {
  statuspage: 'a Statuspage page',
  incidentio: 'an incident.io page',
  instatus: 'an Instatus page',
  statusio: 'a status.io page',
  cachet: 'a Cachet page',
  feed: 'an RSS or Atom feed',
};

/** JSON.parse with the format's words on failure. */
export function parseJsonAs(format: ProviderFormat, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const start = text.trimStart().slice(0, 1);
    throw new ProviderNotUnderstoodError(format, start === '<' ? 'the answer is an HTML or XML page, not JSON' : 'the answer is not valid JSON');
  }
}
