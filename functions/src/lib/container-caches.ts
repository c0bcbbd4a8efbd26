/**
 * The caches a container keeps of what the database and the identity provider hold (TtlLru, memoize,
 * and the few hand-written ones). On Lambda a container only ever sees one database, so nothing clears
 * them. A process that is pointed at another database (the local runtime's start, and the integration
 * test files that share a process one after another) clears them with it, in resetDocumentClient, so
 * it never answers from the previous database's data.
 */

/** TtlLru and memoize instances: weakly held, since some live only as long as what created them (a live session). */
const instances = new Set<WeakRef<{ clear(): void }>>();
/** Module-level caches, which live as long as the process. */
const moduleClears = new Set<() => void>();

/** Registers a cache object (TtlLru and memoize do, on creation). */
export function trackCache<T extends { clear(): void }>(cache: T): T {
  instances.add(new WeakRef(cache));
  return cache;
}

/** Registers how to empty a module-level cache that is not a TtlLru or memoize. */
export function onCachesCleared(clear: () => void): void {
  moduleClears.add(clear);
}

/** Empties every registered cache (and forgets the instances that were collected). */
export function clearContainerCaches(): void {
  for (const ref of instances) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else instances.delete(ref);
  }
  for (const clear of moduleClears) clear();
}
