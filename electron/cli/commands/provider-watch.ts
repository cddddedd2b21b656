import { AppError } from '@shared/errors';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { providerWatchedPage } from '@services/watch/provider-page';
import { CliUsageError } from '../output';

/** A `watch` argument that is a URL: a provider page; a bad address is a command-line error (exit 2). */
export function providerPageArgument(url: string, intervalSec: number): WatchedPage {
  try {
    return providerWatchedPage(url, { intervalSec });
  } catch (error) {
    throw new CliUsageError(error instanceof AppError ? `${url}: ${error.message}` : `${url}: not a status page address`);
  }
}
