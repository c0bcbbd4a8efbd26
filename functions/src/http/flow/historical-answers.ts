import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * Historical answers kept serialized and gzipped per container (issue 23): a page's Update, a
 * second tab or a colleague's identical query answers without filtering or compressing again.
 * The key holds everything the answer depends on (range, filters, where the history starts, each
 * listed day's trade count and today's write head), so a kept answer is never stale.
 */
interface Kept {
  json: string;
  gzipBase64: string;
}

/** A 10,000-row answer is ~5 MB of JSON and ~1 MB gzipped: a handful covers the repeated queries. */
const MAX_KEPT = 6;
const kept = new Map<string, Kept>();
const gzipAsync = promisify(gzip);

export function keptAnswer(key: string): Kept | undefined {
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
  }
  return hit;
}

/** Compresses on the thread pool (the event loop keeps answering) and keeps the answer. */
export async function keepAnswer(key: string, json: string): Promise<void> {
  const gzipBase64 = (await gzipAsync(json, { level: 1 })).toString('base64');
  kept.delete(key);
  kept.set(key, { json, gzipBase64 });
  while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

/** The kept gzip (base64) of a body that is a kept answer's text, else undefined. */
export function keptGzip(body: string): string | undefined {
  for (const k of kept.values()) if (k.json === body) return k.gzipBase64;
  return undefined;
}

/** Forgets every kept answer (tests). */
export function clearKeptAnswers(): void {
  kept.clear();
}
