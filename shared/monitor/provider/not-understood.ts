/** A format as "not understood" names it: its id and what an answer failed to be ("a Cachet page"). */
export interface FormatName {
  readonly id: string;
  readonly notUnderstoodAs: string;
}

/**
 * An answer that does not read as the page's format (a wrong address, an HTML page, another format):
 * the page is shown as "not understood" with the reason, never as operational.
 */
export class ProviderNotUnderstoodError extends Error {
  readonly format: string;

  constructor(
    as: FormatName,
    readonly reason: string,
  ) {
    super(`Not understood as ${as.notUnderstoodAs}: ${reason}`);
    this.name = 'ProviderNotUnderstoodError';
    this.format = as.id;
  }
}

/** JSON.parse with the format's words on failure. */
export function parseJsonAs(as: FormatName, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const start = text.trimStart().slice(0, 1);
    throw new ProviderNotUnderstoodError(as, start === '<' ? 'the answer is an HTML or XML page, not JSON' : 'the answer is not valid JSON');
  }
}
