import type { HistoricalAnswer } from '../../domain/flow/answer-writer.ts';
import { type ContentEncoding, compressBase64, type EncodedForms, type KeptBody } from '../../lib/gzip.ts';

/**
 * Kept answers per container (issue 23): a page's Update, a second tab or a colleague's identical
 * query answers without filtering or compressing again. The key holds everything the answer
 * depends on (range, filters, where the history starts, each listed day's trade count and version
 * and today's write head), so a kept answer is never stale.
 */
export class KeptAnswers<T> {
  private readonly kept = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  /**
   * The kept answer for `key`, else `build`'s, kept. Requests for the same key while it is being
   * built share that build (single flight): ten connections asking one new query cost one search,
   * not ten queued behind each other. A failed build is forgotten (the next request tries again).
   */
  answerOnce(key: string, build: () => Promise<T>): Promise<T> {
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    const made = build();
    this.kept.set(key, made);
    made.catch(() => {
      if (this.kept.get(key) === made) this.kept.delete(key);
    });
    while (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return made;
  }

  /** Forgets every kept answer (tests). */
  clear(): void {
    this.kept.clear();
  }
}

/**
 * Below this share of its bytes in the days' kept segments, an answer's gzip compresses most of it
 * anew: brotli quality 1 then costs less CPU (~16 against ~22 ms for 4.4 MB) and sends ~12% less.
 */
const GZIP_KEPT_SHARE = 0.5;

/** A historical answer as the client takes it: its bytes, gzip from its parts, or brotli. */
export class HistoricalBody implements KeptBody {
  private readonly encodedForms: EncodedForms = {};

  constructor(private readonly answer: HistoricalAnswer) {}

  get byteLength(): number {
    return this.answer.byteLength;
  }

  bytes(): Buffer {
    return this.answer.bytes();
  }

  /** Gzip when most of the answer is in kept segments (it then costs a CRC and a copy), else brotli first. */
  prefers(accepted: ReadonlySet<string>): ContentEncoding | null {
    if (accepted.has('gzip') && (this.answer.keptShare >= GZIP_KEPT_SHARE || !accepted.has('br'))) return 'gzip';
    return accepted.has('br') ? 'br' : null;
  }

  encoded(encoding: ContentEncoding): Promise<string> {
    let form = this.encodedForms[encoding];
    if (!form) {
      form = encoding === 'gzip' ? this.answer.gzipBase64() : compressBase64(this.answer.bytes(), encoding);
      this.encodedForms[encoding] = form;
    }
    return form;
  }
}

/** A 10,000-row answer is ~4.4 MB of JSON and ~0.7 MB compressed: a handful covers the repeated queries. */
export const historicalAnswers = new KeptAnswers<HistoricalBody>(6);
