import { onCachesCleared } from '../lib/container-caches.ts';

/**
 * A store that can tell its readers about every write it takes (the local runtime's dynalite runs
 * in the server's own process, on a worker thread sharing the counts; DynamoDB cannot). A count
 * moves when a write arrives and again just before it is acknowledged, so a value read while the
 * count stood still is as fresh as a new read: any write acknowledged since would have moved it.
 * Counts exist for the whole store, per table and per item; a write the store cannot attribute
 * (another process's, a table change) moves them all.
 */
export interface WriteSignal {
  generation(): number;
  tableGeneration(table: string): number;
  itemGeneration(table: string, pk: string, sk: string): number;
}

/** What a kept read depends on: everything (the default), one table, or one item of a table. */
export type WriteScope = { table: string; item?: { pk: string; sk: string } } | null;

let signal: WriteSignal | null = null;

export function registerWriteSignal(s: WriteSignal | null): void {
  signal = s;
  kept.clear();
}

const kept = new Map<string, { generation: number; value: Promise<unknown> }>();
onCachesCleared(() => kept.clear());

function generationOf(s: WriteSignal, scope: WriteScope): number {
  if (!scope) return s.generation();
  return scope.item ? s.itemGeneration(scope.table, scope.item.pk, scope.item.sk) : s.tableGeneration(scope.table);
}

/**
 * `read()`, or the value of an earlier read that started when no write within `scope` had arrived
 * or been acknowledged since (shared while it is in flight). Without a signal (on AWS) it always
 * reads. Kept values are shared: callers must not change them.
 */
export function readUnlessWritten<T>(key: string, read: () => Promise<T>, scope: WriteScope = null): Promise<T> {
  if (!signal) return read();
  const generation = generationOf(signal, scope);
  const hit = kept.get(key);
  if (hit && hit.generation === generation) return hit.value as Promise<T>;
  const value = read();
  const entry = { generation, value };
  kept.delete(key);
  kept.set(key, entry);
  value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  // Keys: a few per day of flow, one per user whose profile a key request reads: drop the oldest past a bound.
  if (kept.size > 4096) kept.delete(kept.keys().next().value!);
  return value;
}
