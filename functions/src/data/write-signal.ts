/**
 * A store that can tell its readers about every write it takes (the local runtime's dynalite runs
 * in the server's own process, on a worker thread sharing the count; DynamoDB cannot). The generation moves when a write arrives and
 * again just before it is acknowledged, so a value read while the generation stood still is as
 * fresh as a new read: any write acknowledged since would have moved it.
 */
export interface WriteSignal {
  generation(): number;
}

let signal: WriteSignal | null = null;

export function registerWriteSignal(s: WriteSignal | null): void {
  signal = s;
  kept.clear();
}

const kept = new Map<string, { generation: number; value: Promise<unknown> }>();

/**
 * `read()`, or the value of an earlier read that started when no write had arrived or been
 * acknowledged since (shared while it is in flight). Without a signal (on AWS) it always reads.
 */
export function readUnlessWritten<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (!signal) return read();
  const generation = signal.generation();
  const hit = kept.get(key);
  if (hit && hit.generation === generation) return hit.value as Promise<T>;
  const value = read();
  const entry = { generation, value };
  kept.set(key, entry);
  value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  // Keys are a few per day (the head, the day list of a range): drop the oldest past a bound.
  if (kept.size > 256) kept.delete(kept.keys().next().value!);
  return value;
}
