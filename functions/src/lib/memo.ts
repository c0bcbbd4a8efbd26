import { trackCache } from './container-caches.ts';

/**
 * A small per-container cache for values that change only when a job runs (snapshots). Lambda
 * containers live for minutes, so a short TTL keeps reads fast without serving stale data for long.
 * Concurrent callers share one in-flight load.
 */
export function memoize<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now) {
  let value: { at: number; promise: Promise<T> } | undefined;
  const get = (): Promise<T> => {
    if (value && now() - value.at < ttlMs) return value.promise;
    const promise = load();
    value = { at: now(), promise };
    promise.catch(() => {
      if (value?.promise === promise) value = undefined;
    });
    return promise;
  };
  get.clear = (): void => {
    value = undefined;
  };
  return trackCache(get);
}
