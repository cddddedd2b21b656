import { AppError } from '@shared/errors';
import type { WatchedPage } from '@shared/monitor/watched-page';
import { providerWatchedPage } from '@core/monitor/provider-page';
import { CliUsageError } from '../output';
import type { CliContext } from '../context';
import type { ProviderFormat } from '@shared/monitor/provider/provider-format';
import { providerArgument, readProviderTarget } from '../provider-argument';

/**
 * A `watch` argument that names a provider (its address, or its name in the catalogue): the page to watch in its
 * format, read once first when only the answer can tell the format; null for a subdomain. A bad address is a
 * command-line error (exit 2).
 */
export async function providerPageArgument(
  ctx: CliContext,
  text: string,
  intervalSec: number,
  format?: ProviderFormat,
  parts?: readonly string[],
): Promise<WatchedPage | null> {
  const argument = await providerArgument(text, format);
  if (!argument) return null;
  let target = argument.format ? { ...argument, format: argument.format } : null;
  if (!target) {
    try {
      target = (await readProviderTarget(ctx, argument)).target;
    } catch {
      // Not answering now: watched as the most common format, said so; the watch tells how each poll goes.
      ctx.io.stderr(`${text}: its format could not be told (no answer it understood): watched as Statuspage; --format names another\n`);
      target = { ...argument, format: 'statuspage' as const };
    }
  }
  try {
    return providerWatchedPage(target.url, { intervalSec, format: target.format, parts, ...(target.name ? { name: target.name } : {}) });
  } catch (error) {
    throw new CliUsageError(error instanceof AppError ? `${text}: ${error.message}` : `${text}: not a status page address`);
  }
}
