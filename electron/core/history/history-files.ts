import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { PageHistory } from '@shared/history/page-history';
import { readIfPresent } from '@core/storage/read-if-present';
import { modelOf, pageHistoryOf, parseLog } from './history-log';

/*
 * Where provider history lives on disk: one file a page under `provider-history/`, and `observed.json` beside
 * them with each page's last successful poll. Read here by the store and by the command line alike.
 */

export const HISTORY_DIR_NAME = 'provider-history';
export const HEARTBEAT_FILE_NAME = 'observed.json';
/** Per page; the realistic 90 days of a busy provider take about a quarter of it (see the bench). */
export const DEFAULT_CAP_BYTES = 256 * 1024;
/**
 * A page file bigger than this many caps is not ours (a file is rewritten under its cap once a day): it is moved
 * aside unread rather than read whole into memory.
 */
export const UNREADABLE_CAPS = 8;
const heartbeatSchema = z.object({ version: z.literal(1), seen: z.record(z.string().max(100), z.number().int().min(0)) });

export function historyDir(dataDir: string): string {
  return path.join(dataDir, HISTORY_DIR_NAME);
}

/** A page id as a file name: ids are UUIDs, but a file name never takes what a path could. */
export function pageFileName(pageId: string): string {
  return `${pageId.replace(/[^A-Za-z0-9_-]/g, '_')}.jsonl`;
}

export async function readHeartbeat(dir: string): Promise<Record<string, number>> {
  try {
    const text = (await readIfPresent(path.join(dir, HEARTBEAT_FILE_NAME)))?.toString('utf8');
    if (!text) return {};
    const parsed = heartbeatSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.seen : {};
  } catch {
    // Losing it costs at most the minutes since a file's last line: the level ends there instead.
    return {};
  }
}

/**
 * Reads one page's file without changing anything (the command line, and pages not polled since the start).
 * A file too large to be ours is not read (the app moves it aside when the page is next polled).
 */
export async function readPageHistoryFile(
  dir: string,
  pageId: string,
  window: { fromMs: number; toMs: number; heartbeat: Record<string, number>; openUntilSec?: number },
): Promise<PageHistory | null> {
  const file = path.join(dir, pageFileName(pageId));
  if (((await fsp.stat(file).catch(() => null))?.size ?? 0) > UNREADABLE_CAPS * DEFAULT_CAP_BYTES) return null;
  const buffer = await readIfPresent(file);
  if (!buffer) return null;
  const model = modelOf(parseLog(buffer.toString('utf8')).lines);
  const openUntilSec = window.openUntilSec ?? Math.max(window.heartbeat[pageId] ?? 0, model.lastSec);
  return pageHistoryOf(model, { pageId, fromMs: window.fromMs, toMs: window.toMs, openUntilSec });
}
