import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { migrateSettings } from './migrations';
import { CURRENT_SETTINGS_VERSION, defaultSettings, settingsSchema, type Settings } from './settings-schema';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import { fileErrorReason } from '@core/storage/file-system';

/*
 * Reading the settings file: the one path every reader takes, the store (settings-store.ts, which also writes,
 * through conf) and a process that only reads them (a command of the command line, which then never loads the
 * writer). Checked against the schema, migrated, given its defaults; a file that fails is salvaged.
 */

export function settingsFileOf(dataDir: string): string {
  return path.join(dataDir, 'settings.json');
}

/** What reading the settings needs: the store, or the settings as read (readOnlySettings). */
export interface SettingsReader {
  /** A copy of the whole settings. */
  get(): Settings;
  /** A copy of one part of the settings, without copying the rest. */
  read<T>(pick: (settings: Readonly<Settings>) => T): T;
}

/**
 * Salvages what it can from a file that fails the schema: every top-level section that still parses is kept,
 * and in list sections every entry that still parses. Better to lose one broken entry than everything the
 * user set up.
 */
function salvage(data: unknown): Settings {
  const result: Record<string, unknown> = { ...defaultSettings() };
  if (!data || typeof data !== 'object') return result as Settings;
  const source = data as Record<string, unknown>;
  for (const [key, fieldSchema] of Object.entries(settingsSchema.shape)) {
    if (key === 'schemaVersion' || !(key in source)) continue;
    const whole = fieldSchema.safeParse(source[key]);
    if (whole.success) {
      result[key] = whole.data;
      continue;
    }
    const element = elementSchemaOf(fieldSchema);
    if (element && Array.isArray(source[key])) {
      result[key] = (source[key] as unknown[]).flatMap((candidate) => {
        const parsed = element.safeParse(candidate);
        return parsed.success ? [parsed.data] : [];
      });
    }
  }
  return settingsSchema.parse(result);
}

/** The element schema of an array field (through its default/optional wrappers), if it is one. */
function elementSchemaOf(schema: z.ZodType): z.ZodType | null {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
  return current instanceof z.ZodArray ? (current.element as z.ZodType) : null;
}

interface SettingsRead {
  settings: Settings;
  problem: string | null;
  salvageFrom?: unknown;
  /** The file already holds exactly these settings: nothing to write at start. */
  unchanged?: boolean;
  /** Written by a newer Statusdesk: its version; the file is left as it is and not written. */
  newerVersion?: number;
}

/** The settings file's content, checked, migrated and given its defaults, as the store and every reader take it. */
export function readSettingsFile(filePath: string): SettingsRead {
  const text = readTextIfPresentSync(filePath);
  if (text === null) return { settings: defaultSettings(), problem: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { settings: defaultSettings(), problem: 'it is not valid JSON' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { settings: defaultSettings(), problem: 'it does not hold a settings object' };
  }
  const version = (data as { schemaVersion?: unknown }).schemaVersion;
  if (typeof version === 'number' && Number.isInteger(version) && version > CURRENT_SETTINGS_VERSION) {
    // Another, newer Statusdesk shares this folder: keep its file whole, use what this version can read.
    return { settings: salvage(data), problem: null, newerVersion: version };
  }
  try {
    const migrated = migrateSettings(data as Record<string, unknown>);
    const parsed = settingsSchema.safeParse(migrated);
    if (parsed.success) return { settings: parsed.data, problem: null, unchanged: JSON.stringify(parsed.data) === JSON.stringify(data) };
    return { settings: salvage(migrated), problem: 'some of its entries are not valid', salvageFrom: migrated };
  } catch (error) {
    return { settings: defaultSettings(), problem: error instanceof Error ? error.message : 'it could not be migrated' };
  }
}

/**
 * What a start would find in the settings file, without moving it aside or writing it: a service that must
 * not start on half its settings (statusdesk serve) stops on the problem instead, and leaves the file as it is.
 */
export function inspectSettingsFile(dataDir: string): { exists: boolean; problem: string | null; newerVersion: number | null } {
  const filePath = settingsFileOf(dataDir);
  try {
    const { problem, newerVersion } = readSettingsFile(filePath);
    return { exists: fs.existsSync(filePath), problem, newerVersion: newerVersion ?? null };
  } catch (error) {
    return { exists: true, problem: `it cannot be read: ${fileErrorReason(error)}`, newerVersion: null };
  }
}

/**
 * The settings as the file holds them, for a process that only reads them: the store's checks, migrations and
 * defaults, and nothing written or moved. A file that needs writing (none yet, an older version, entries that
 * fail) is read as the store would hold it, and left for the next writer (the app, or a command that changes
 * settings), which writes it or moves it aside.
 */
export function readOnlySettings(dataDir: string): { reader: SettingsReader; problem: string | null } {
  const { settings, problem } = readSettingsFile(settingsFileOf(dataDir));
  return {
    reader: { get: () => structuredClone(settings), read: (pick) => structuredClone(pick(settings)) },
    problem,
  };
}
