/**
 * Sharded fan-out (issue 23 item 4): how one frame reaches many WebSocket connections through the
 * API Gateway Management API. The connection ids are split into shards by a stable hash; each shard
 * posts to its connections with at most `concurrency` PostToConnection calls in flight, retries a
 * throttled (429) or failed call with capped exponential backoff and jitter, and reports the gone
 * (410) connections so their records are deleted. Time and randomness are injected, so the
 * simulation in scripts/bench/fanout-sim.ts drives this very code on a virtual clock.
 */

/** What one PostToConnection call came to. */
export type PostOutcome = 'sent' | 'gone' | 'throttled';

export interface ShardOptions {
  /** PostToConnection calls in flight at once in one shard (the SDK client keeps 50 sockets by default). */
  concurrency: number;
  /** Retries of a throttled or failed call before the connection is counted as failed for this frame. */
  maxRetries: number;
  /** First backoff; doubles per retry, times a random factor in [0.5, 1.5), capped at 32x. */
  baseBackoffMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const DEFAULT_SHARD_OPTIONS = {
  concurrency: 50,
  maxRetries: 4,
  baseBackoffMs: 50,
} as const satisfies Partial<ShardOptions>;

export interface ShardResult {
  sent: number;
  /** Connections that answered 410 Gone: their records are to be deleted. */
  gone: string[];
  /** Connections still throttled or failing after every retry (the frame is lost for them; the page's `since` cursor recovers it). */
  failed: string[];
}

/** FNV-1a of the id, so a connection stays in its shard while others come and go. */
export function shardOf(connectionId: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < connectionId.length; i++) {
    h ^= connectionId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

export function partition(ids: readonly string[], shards: number): string[][] {
  const out = Array.from({ length: shards }, () => [] as string[]);
  for (const id of ids) out[shardOf(id, shards)]!.push(id);
  return out;
}

/** Shards for a connection count: one per `perShard` connections, at least one, at most `max`. */
export function shardCount(connections: number, perShard: number, max: number): number {
  return Math.max(1, Math.min(max, Math.ceil(connections / perShard)));
}

/**
 * Posts one frame to a shard's connections. `post` resolves to the call's outcome; a throw (a 5xx,
 * a network error) is retried like a throttle.
 */
export async function postShard(
  ids: readonly string[],
  post: (connectionId: string) => Promise<PostOutcome>,
  opts: ShardOptions,
): Promise<ShardResult> {
  const result: ShardResult = { sent: 0, gone: [], failed: [] };
  let next = 0;
  const deliver = async (id: string): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      const outcome = await post(id).catch((): PostOutcome => 'throttled');
      if (outcome === 'sent') {
        result.sent++;
        return;
      }
      if (outcome === 'gone') {
        result.gone.push(id);
        return;
      }
      if (attempt >= opts.maxRetries) {
        result.failed.push(id);
        return;
      }
      await opts.sleep(opts.baseBackoffMs * 2 ** Math.min(attempt, 5) * (0.5 + opts.random()));
    }
  };
  const worker = async (): Promise<void> => {
    while (next < ids.length) await deliver(ids[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, ids.length) }, worker));
  return result;
}
