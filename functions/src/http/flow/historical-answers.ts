import { type ContentEncoding, type EncodedForms, encodedOnce } from '../../lib/gzip.ts';

/**
 * Historical answers kept serialized and compressed per container (issue 23): a page's Update, a
 * second tab or a colleague's identical query answers without filtering or compressing again.
 * The key holds everything the answer depends on (range, filters, where the history starts, each
 * listed day's trade count and today's write head), so a kept answer is never stale.
 */
interface Kept {
  json: string;
  /** Compressed (base64) per encoding, once a client asked for it. */
  encoded: EncodedForms;
}

/** A 10,000-row answer is ~5 MB of JSON and ~1 MB gzipped: a handful covers the repeated queries. */
const MAX_KEPT = 6;
const kept = new Map<string, Kept>();

export function keptAnswer(key: string): Kept | undefined {
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
  }
  return hit;
}

/** Keeps the answer; it is compressed on first demand per encoding (answering compresses it). */
export function keepAnswer(key: string, json: string): void {
  kept.delete(key);
  kept.set(key, { json, encoded: {} });
  while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

/** The compressed form (base64, on the thread pool, once) of a body that is a kept answer's text, else undefined. */
export function keptEncoded(body: string, encoding: ContentEncoding): Promise<string> | undefined {
  for (const k of kept.values()) if (k.json === body) return encodedOnce(k.encoded, k.json, encoding);
  return undefined;
}

/** Forgets every kept answer (tests). */
export function clearKeptAnswers(): void {
  kept.clear();
}
