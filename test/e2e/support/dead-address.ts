import { startTranslationSimulator } from '../../../simulators/translation';

/** A loopback address where nothing listens any more: a translation simulator's, closed at once. */
export async function deadServiceUrl(): Promise<string> {
  const closed = await startTranslationSimulator();
  const url = closed.baseUrl;
  await closed.close();
  return url;
}
