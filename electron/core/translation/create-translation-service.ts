import { TranslationClient, type TranslationClientOptions } from './client';
import type { GetTranslationKey } from './key-source';
import { LanguagesCache } from './languages-cache';
import { TranslationMemory, type MemoryLoadReport, type TranslationMemoryOptions } from './translation-memory';
import { Translator, type TranslatorOptions } from './translator';

interface TranslationServiceOptions {
  /** The app's data folder (settings, outbox, caches): the memory and the languages list live there. */
  dataDir: string;
  getKey: GetTranslationKey;
  client?: TranslationClientOptions;
  memory?: Omit<TranslationMemoryOptions, 'dataDir' | 'filePath'>;
  translator?: Omit<TranslatorOptions, 'client' | 'memory' | 'getKey' | 'languages'>;
  /** Problems worth telling the user that do not stop anything (a damaged file moved aside). */
  onProblem?: (message: string) => void;
}

export interface TranslationService {
  translator: Translator;
  client: TranslationClient;
  memory: TranslationMemory;
  languages: LanguagesCache;
  memoryReport: MemoryLoadReport;
  /** Flushes the memory. */
  close(): Promise<void>;
}

/** Wires client, memory, languages list and Translator over one data folder (for the main process and the CLI). */
export async function createTranslationService(options: TranslationServiceOptions): Promise<TranslationService> {
  const client = new TranslationClient(options.client);
  const memory = await TranslationMemory.open({ ...options.memory, dataDir: options.dataDir });
  if (memory.loadReport.problem) options.onProblem?.(memory.loadReport.problem);
  const languages = new LanguagesCache({
    source: client,
    dataDir: options.dataDir,
    ...(options.memory?.now === undefined ? {} : { now: options.memory.now }),
    ...(options.onProblem === undefined ? {} : { onProblem: options.onProblem }),
  });
  const translator = new Translator({
    ...options.translator,
    ...(options.onProblem === undefined || options.translator?.onWarning !== undefined ? {} : { onWarning: options.onProblem }),
    client,
    memory,
    getKey: options.getKey,
    languages,
  });
  return { translator, client, memory, languages, memoryReport: memory.loadReport, close: () => memory.close() };
}
