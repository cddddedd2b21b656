import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import { quarantineFile } from '@core/storage/quarantine';
import { FILE_SIZE_CAPS, refuseTextOverCap } from '@core/storage/file-size-cap';
import { migrateSettings } from './migrations';
import { CURRENT_SETTINGS_VERSION, defaultSettings, settingsSchema, type Settings } from './settings-schema';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import { fileErrorReason } from '@core/storage/file-system';
import { TypedEvents } from '@core/events/typed-events';

export interface SettingsLoadProblem {
  message: string;
  movedTo: string;
}

type Listener = (settings: Settings) => void;

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

interface LoadResult {
  settings: Settings;
  problem: string | null;
  salvageFrom?: unknown;
  /** The file already holds exactly these settings: nothing to write at start. */
  unchanged?: boolean;
  /** Written by a newer Statusdesk: its version; the file is left as it is and not written. */
  newerVersion?: number;
}

function readAndCheck(filePath: string): LoadResult {
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
  const filePath = path.join(dataDir, 'settings.json');
  try {
    const { problem, newerVersion } = readAndCheck(filePath);
    return { exists: fs.existsSync(filePath), problem, newerVersion: newerVersion ?? null };
  } catch (error) {
    return { exists: true, problem: `it cannot be read: ${fileErrorReason(error)}`, newerVersion: null };
  }
}

/**
 * The settings file: versioned, migrated by us, validated on every load and save. A corrupt file is moved
 * aside and reported, and the app starts with what could be kept. Conf does the atomic writes.
 */
export class SettingsStore {
  readonly filePath: string;
  readonly problem: SettingsLoadProblem | null;
  /** Set when a newer Statusdesk wrote the file: it is read, never written. */
  readonly newerVersion: number | null;
  readonly #conf: Conf<Settings>;
  #current: Settings;
  readonly #changes = new TypedEvents<{ change: Settings }>();

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.filePath = path.join(dataDir, 'settings.json');
    const { settings, problem, unchanged, newerVersion } = readAndCheck(this.filePath);
    this.problem = problem
      ? {
          message: `The settings file could not be read (${problem}). It was moved aside and what could be kept was kept.`,
          movedTo: quarantineFile(this.filePath),
        }
      : null;
    this.newerVersion = newerVersion ?? null;
    this.#current = settings;
    // Conf reads the file on every access, so we keep our own validated copy and only hand it writes.
    this.#conf = new Conf<Settings>({
      cwd: dataDir,
      configName: 'settings',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
      watch: false,
    });
    // Written only when it changes: a read (every command of the command line) leaves the file alone.
    if (!unchanged && newerVersion === undefined) this.#conf.store = settings;
  }

  get(): Settings {
    return structuredClone(this.#current);
  }

  /** A copy of one part of the settings, without copying the rest (a look-up made once per queued write). */
  read<T>(pick: (settings: Readonly<Settings>) => T): T {
    return structuredClone(pick(this.#current));
  }

  /** Applies a change, validates the result, writes it, then tells listeners. */
  update(change: (draft: Settings) => void): Settings {
    if (this.newerVersion !== null) {
      throw new AppError(
        'conflict',
        `The settings were written by a newer version of Statusdesk (settings version ${this.newerVersion}); this version only reads them. Update Statusdesk to change them.`,
      );
    }
    const draft = structuredClone(this.#current);
    change(draft);
    const next = settingsSchema.parse({ ...draft, schemaVersion: CURRENT_SETTINGS_VERSION });
    // Measured as Conf writes it (tab-indented JSON).
    refuseTextOverCap(FILE_SIZE_CAPS.settings, JSON.stringify(next, undefined, '\t'));
    this.#conf.store = next;
    this.#current = next;
    this.#changes.publish('change', this.get());
    return this.get();
  }

  onChange(listener: Listener): () => void {
    return this.#changes.subscribe('change', listener);
  }
}
