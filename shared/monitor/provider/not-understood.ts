import { providerFormatRecord, type ProviderFormat } from './formats/registry';

/**
 * An answer that does not read as the page's format (a wrong address, an HTML page, another format):
 * the page is shown as "not understood" with the reason, never as operational.
 */
export class ProviderNotUnderstoodError extends Error {
  constructor(
    readonly format: ProviderFormat,
    readonly reason: string,
  ) {
    // Looked up when thrown, never when loaded: the registry's readers import this module.
    super(`Not understood as ${providerFormatRecord(format).notUnderstoodAs}: ${reason}`);
    this.name = 'ProviderNotUnderstoodError';
  }
}

/** JSON.parse with the format's words on failure. */
export function parseJsonAs(format: ProviderFormat, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const start = text.trimStart().slice(0, 1);
    throw new ProviderNotUnderstoodError(format, start === '<' ? 'the answer is an HTML or XML page, not JSON' : 'the answer is not valid JSON');
  }
}
