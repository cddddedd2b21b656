import path from 'node:path';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import type { ProviderFormat } from '@shared/monitor/provider/provider-format';
import { levelWords } from '@shared/people-words/level-words';
import { BASE_LEVELS, isBaseLevel, type BaseLevel } from '@shared/statuspal/levels';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import type { CliContext } from '../context';
import { explainFailure } from '../explain-failure';
import { CliUsageError, EXIT, reasonOf } from '../output';
import { providerArgument } from '../provider-argument';

/*
 * `statusdesk status`: a page's current status, read once. When the page does not answer: the last status this computer read from it, told as
 * last known, with the last successful check and this failed attempt apart. Each good
 * read is kept in status-last-known.json in the data folder (a few hundred bytes a page, the newest 200
 * pages). A page that answered "no such page" or refused the key is not stale: that failure is told as it is.
 */

const FILE = 'status-last-known.json';
const MAX_PAGES = 200;

const knownSchema = z.object({
  name: z.string().max(500),
  /** Null when the page's status alone does not say how its custom type counts. */
  level: z.enum(BASE_LEVELS).nullable(),
  type: z.string().max(200).nullable(),
  checkedAt: z.iso.datetime(),
});
const fileSchema = z.record(z.string().max(2_000), knownSchema);

type KnownStatus = z.infer<typeof knownSchema>;

/** Failures that say nothing about the page itself: it could not be reached, or its server could not answer now. */
function unreachable(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.code === 'network' || error.code === 'timeout' || error.code === 'rate_limited' || error.code === 'invalid_response') return true;
  return error.code === 'http' && (error.status ?? 0) >= 500;
}

function readAll(file: string): Record<string, KnownStatus> {
  try {
    const text = readTextIfPresentSync(file);
    const parsed = text === null ? null : fileSchema.safeParse(JSON.parse(text));
    return parsed?.success ? parsed.data : {};
  } catch {
    // An unreadable file is a cache lost, never a failed command: the next good read writes it again.
    return {};
  }
}

async function remember(file: string, key: string, known: KnownStatus): Promise<void> {
  const all = readAll(file);
  delete all[key];
  const kept = Object.entries(all).slice(-(MAX_PAGES - 1));
  await writeFileAtomic(file, `${JSON.stringify(Object.fromEntries([...kept, [key, known]]))}\n`).catch(() => undefined);
}

/** `status <subdomain>`, `status <provider address or catalogue name>`: read, printed and kept; else the last known, told as such. */
export async function pageStatus(ctx: CliContext, page: string, format?: ProviderFormat, parts?: readonly string[]): Promise<number | void> {
  const provider = await providerArgument(page, format);
  if (provider) {
    const key = provider.url;
    // Other parts followed are another status: kept apart.
    const kept = parts ? `provider|${key}|${parts.join('|')}` : `provider|${key}`;
    return statusOrLastKnown(ctx, { key: kept, label: provider.name ?? key, json: { kind: 'provider', url: key, ...(parts ? { parts } : {}) } }, async () =>
      // A provider's page needs the readers of its format: loaded only for one.
      (await import('./provider-read')).providerStatus(ctx, provider, parts),
    );
  }
  if (parts) throw new CliUsageError(`--part: ${page} is not a provider's page (parts are a provider's components, services or regions)`);
  const client = await ctx.client(page);
  return statusOrLastKnown(ctx, { key: `${client.baseUrl}|${page}`, label: page, json: { subdomain: page } }, async () => {
    const status = await client.getPageStatus({ subdomain: page });
    // The status alone does not say how a custom type counts: it is named as the page names it.
    const type = status.current_incident_type ?? null;
    const level = type === null ? 'operational' : isBaseLevel(type) ? type : null;
    ctx.print.result(status, () => `${status.name} (${status.subdomain}): ${levelWords(level, type)}`);
    return { name: status.name, level, type };
  });
}

/**
 * Reads a page's status with `read` (which prints it) and keeps what it read; when the page cannot be
 * reached and an earlier read is kept, prints that as last known and ends with exit code 1.
 */
async function statusOrLastKnown(
  ctx: CliContext,
  page: { key: string; label: string; json: Record<string, unknown> },
  read: () => Promise<{ name: string; level: BaseLevel | null; type: string | null }>,
): Promise<number | void> {
  const file = path.join(ctx.dataDir, FILE);
  const attemptAt = new Date().toISOString();
  try {
    const got = await read();
    await remember(file, page.key, { ...got, checkedAt: attemptAt });
  } catch (error) {
    const known = unreachable(error) ? readAll(file)[page.key] : undefined;
    if (!known) throw error;
    const reason = explainFailure(error, ctx.lastTarget) ?? reasonOf(error);
    ctx.print.result(
      {
        ...page.json,
        name: known.name,
        stale: true,
        lastKnown: { level: known.level, type: known.type, at: known.checkedAt },
        lastSuccessAt: known.checkedAt,
        lastAttemptAt: attemptAt,
        error: { code: error instanceof AppError ? error.code : 'internal', message: reason },
      },
      () =>
        [
          `${known.name} (${page.label}): not reachable — last known: ${levelWords(known.level, known.type)} at ${ctx.time(known.checkedAt)}`,
          `  last successful check: ${ctx.time(known.checkedAt)}`,
          `  last attempt:          ${ctx.time(attemptAt)}, failed: ${reason}`,
        ].join('\n'),
    );
    return EXIT.failed;
  }
}

/**
 * `status` with no page: every page watched in the app, each read once as `status <page>` reads it (a provider's
 * in its format), one after the other; the exit code is the worst of theirs.
 */
export async function watchedPagesStatus(ctx: CliContext): Promise<number | void> {
  const pages = (await ctx.settings()).get().watchedPages;
  if (pages.length === 0) throw new CliUsageError('no pages are watched yet: name one (statusdesk status <page>), or watch pages in the app');
  let worst = 0;
  for (const page of pages) {
    const code = page.kind === 'provider' && page.url ? await pageStatus(ctx, page.url, page.format, page.parts) : await pageStatus(ctx, page.subdomain);
    worst = Math.max(worst, code ?? 0);
  }
  return worst === 0 ? undefined : worst;
}
