import fs from 'node:fs';
import Conf from 'conf';
import { AppError } from '@shared/errors';
import { quarantineFile } from '@core/storage/quarantine';
import { FILE_SIZE_CAPS, refuseTextOverCap } from '@core/storage/file-size-cap';
import { CURRENT_SETTINGS_VERSION, settingsSchema, type Settings } from './settings-schema';
import { readSettingsFile, settingsFileOf, type SettingsReader } from './settings-file';
import { TypedEvents } from '@core/events/typed-events';

interface SettingsLoadProblem {
  message: string;
  movedTo: string;
}

type Listener = (settings: Settings) => void;

/**
 * The settings file: versioned, migrated by us, validated on every load and save. A corrupt file is moved
 * aside and reported, and the app starts with what could be kept. Read as every reader reads it
 * (settings-file.ts); conf does the atomic writes.
 */
export class SettingsStore implements SettingsReader {
  readonly filePath: string;
  readonly problem: SettingsLoadProblem | null;
  /** Set when a newer Statusdesk wrote the file: it is read, never written. */
  readonly newerVersion: number | null;
  readonly #conf: Conf<Settings>;
  #current: Settings;
  readonly #changes = new TypedEvents<{ change: Settings }>();

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.filePath = settingsFileOf(dataDir);
    const { settings, problem, unchanged, newerVersion } = readSettingsFile(this.filePath);
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
