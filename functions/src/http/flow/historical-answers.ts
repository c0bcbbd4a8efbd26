import type { EncodedForms } from '../../lib/gzip.ts';

/**
 * Historical answers kept serialized and compressed per container (issue 23): a page's Update, a
 * second tab or a colleague's identical query answers without filtering or compressing again.
 * The key holds everything the answer depends on (range, filters, where the history starts, each
 * listed day's trade count and version and today's write head), so a kept answer is never stale.
 */
export interface KeptAnswer {
  /** The answer's JSON bytes. */
  bytes: Buffer;
  /** Compressed (base64) per encoding, once a client asked for it. */
  encoded: EncodedForms;
}

/** A 10,000-row answer is ~4.4 MB of JSON and ~0.75 MB compressed: a handful covers the repeated queries. */
const MAX_KEPT = 6;
const kept = new Map<string, Promise<KeptAnswer>>();

/**
 * The kept answer for `key`, else `build`'s, kept. Requests for the same key while it is being
 * built share that build (single flight): ten connections asking one new query cost one search,
 * not ten queued behind each other. A failed build is forgotten (the next request tries again).
 */
export function answerOnce(key: string, build: () => Promise<Buffer>): Promise<KeptAnswer> {
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const made = build().then((bytes): KeptAnswer => ({ bytes, encoded: {} }));
  kept.set(key, made);
  made.catch(() => {
    if (kept.get(key) === made) kept.delete(key);
  });
  while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return made;
}

/** Forgets every kept answer (tests). */
export function clearKeptAnswers(): void {
  kept.clear();
}
