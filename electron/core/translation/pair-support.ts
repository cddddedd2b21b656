import type { CallOptions } from './client';

interface PairSupportSource {
  isSupported(from: string, to: string, options?: CallOptions): Promise<boolean>;
}

/**
 * Whether a language pair is supported, asked once per pair for the session (answers, not failures, are kept:
 * a network error must not make a pair look unsupported until restart).
 */
export class PairSupportCache {
  readonly #source: PairSupportSource;
  readonly #answers = new Map<string, Promise<boolean>>();

  constructor(source: PairSupportSource) {
    this.#source = source;
  }

  isSupported(from: string, to: string, options: CallOptions = {}): Promise<boolean> {
    const key = JSON.stringify([from, to]);
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.#source.isSupported(from, to, options);
      this.#answers.set(key, answer);
      const mine = answer;
      mine.catch(() => {
        if (this.#answers.get(key) === mine) this.#answers.delete(key);
      });
    }
    return answer;
  }

  /** Forgets the answers (for example after the user changed the base URL or plan). */
  clear(): void {
    this.#answers.clear();
  }
}
