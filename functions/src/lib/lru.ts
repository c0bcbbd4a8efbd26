import { trackCache } from './container-caches.ts';

/**
 * A small time-bounded LRU cache for per-container reuse of parsed data (e.g. a ticker's history):
 * Map keeps insertion order, so re-inserting on read makes the first key the least recently used.
 */
export class TtlLru<V> {
  private readonly items = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    trackCache(this);
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.items.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) {
      this.items.delete(key);
      this.items.set(key, hit);
      return hit.value;
    }
    const value = load();
    this.items.set(key, { at: this.now(), value });
    value.catch(() => {
      if (this.items.get(key)?.value === value) this.items.delete(key);
    });
    while (this.items.size > this.maxEntries) this.items.delete(this.items.keys().next().value!);
    return value;
  }

  /** The live entry of `key` without loading it or making it recently used. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.items.get(key);
    return hit && this.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  clear(): void {
    this.items.clear();
  }

  delete(key: string): void {
    this.items.delete(key);
  }

  get size(): number {
    return this.items.size;
  }
}
