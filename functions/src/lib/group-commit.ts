/** One caller's share of a write it had in common with others. */
export interface Share<R> {
  result: R;
  /** The caller's place in the write (0 for the first that arrived). */
  index: number;
  /** How many callers the write served. */
  size: number;
}

/**
 * Group commit per key: callers of one key that arrive while that key's previous write is in flight
 * wait and share the next write, which is told how many it serves. The first caller of an idle key
 * writes at once (no added wait); under load one write serves a queue instead of each caller
 * queueing on the same item. A write starts only after every caller in it arrived, so what it
 * proves (an item that still exists, a count) is as fresh for each of them as a write of its own.
 */
export class GroupCommit<R> {
  private readonly queued = new Map<string, Array<{ resolve: (s: Share<R>) => void; reject: (e: unknown) => void }>>();
  private readonly running = new Set<string>();

  constructor(
    private readonly write: (key: string, size: number) => Promise<R>,
    private readonly maxSize = 100,
  ) {}

  run(key: string): Promise<Share<R>> {
    return new Promise((resolve, reject) => {
      const queue = this.queued.get(key);
      if (queue) queue.push({ resolve, reject });
      else this.queued.set(key, [{ resolve, reject }]);
      if (!this.running.has(key)) void this.flush(key);
    });
  }

  private async flush(key: string): Promise<void> {
    const queue = this.queued.get(key);
    if (!queue) return;
    const batch = queue.splice(0, this.maxSize);
    if (queue.length === 0) this.queued.delete(key);
    this.running.add(key);
    try {
      const result = await this.write(key, batch.length);
      batch.forEach((caller, index) => caller.resolve({ result, index, size: batch.length }));
    } catch (err) {
      for (const caller of batch) caller.reject(err);
    } finally {
      this.running.delete(key);
      if (this.queued.has(key)) void this.flush(key);
    }
  }
}
