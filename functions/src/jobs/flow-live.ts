import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { WsEvent, WsFrame } from '@tapewatch/shared/ws/messages';
import { documentClient } from '../data/client.ts';
import { ConnectionRepository } from '../data/connection-repository.ts';
import { FanoutStatusRepository } from '../data/flow-fanout-status.ts';
import { FlowRepository } from '../data/flow-repository.ts';
import { tradeFromRecord } from '../providers/benzinga/trade-from-record.ts';
import { errorFields, log } from '../lib/log.ts';
import { DEFAULT_SHARD_OPTIONS, postShard } from '../platform/fanout-shards.ts';
import { closeConnection, postOutcome } from '../platform/realtime.ts';
import { SubscriptionsRepository } from '../data/subscriptions-repository.ts';
import { isSubscriber } from '../lib/auth-guard.ts';
import { TtlLru } from '../lib/lru.ts';
import { parseBenzingaOptionsActivity } from '../providers/benzinga/options-activity.ts';
import { AlertDelivery } from './alert-delivery.ts';
import { emitAlertFailure } from './alert-metrics.ts';

/** The longest a trade waits for the frame it shares with others. */
export const COALESCE_WINDOW_MS = 250;
/** How long a listing of the connections is reused (new clients wait at most this for their first trade). */
const CONNECTIONS_TTL_MS = 1000;
/** API Gateway frames are at most 32 KB; a trade event is ~700 bytes, so 30 per frame stay well inside. */
export const MAX_EVENTS_PER_FRAME = 30;

/** This invocation is one shard: bounded PostToConnection concurrency, throttles retried with backoff. */
const SHARD_OPTIONS = {
  ...DEFAULT_SHARD_OPTIONS,
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** How long a connected user's plan is trusted before it is read again. */
export const PLAN_RECHECK_MS = 30_000;

/**
 * Sends a frame to every live connection in parallel; the connection list is read again in the
 * background about once a second instead of once per frame, and a gone connection (410) is deleted
 * and dropped from it.
 * The subscription is checked at connect, but a plan can end while the socket stays open (a
 * cancelled or failed payment, support's admin change): each connected user's plan is read again
 * every PLAN_RECHECK_MS, and the sockets of a user who is no longer a subscriber are closed.
 */
export function connectionsBroadcaster(
  db: DynamoDBDocumentClient,
  recheckMs = PLAN_RECHECK_MS,
  /**
   * The clock the listing's age is read from (a test moves it instead of waiting a second). Date.now is
   * looked up at each call, not captured, so a faked Date (vi.useFakeTimers) applies too.
   */
  now: () => number = () => Date.now(),
): (frame: WsFrame) => Promise<{ sent: number; gone: number }> {
  const repo = new ConnectionRepository(db);
  const subs = new SubscriptionsRepository(db);
  const plans = new TtlLru<boolean>(10_000, recheckMs);
  const subscribed = (userId: string | null) =>
    userId
      ? plans.get(userId, async () => isSubscriber((await subs.get(userId))?.subscription ?? ''))
      : Promise.resolve(false);
  const live = async (): Promise<string[]> => {
    const all = await repo.list();
    const allowed = await Promise.all(all.map((c) => subscribed(c.userId)));
    const revoked = all.filter((_, i) => !allowed[i]);
    await Promise.all(
      revoked.map(async (c) => {
        // Forgotten at once: a user who subscribes again and reconnects is read afresh.
        if (c.userId) plans.delete(c.userId);
        await repo.remove(c.connectionId);
        await closeConnection(c.connectionId).catch((err: unknown) =>
          log.warn('closing a revoked connection failed', { connectionId: c.connectionId, ...errorFields(err) }),
        );
        log.info('ws connection closed: no longer a subscriber', { connectionId: c.connectionId, userId: c.userId });
      }),
    );
    // The app shell's alerts sockets get no trade stream (alerts reach them through AlertDelivery).
    return all.filter((c, i) => allowed[i] && c.channel !== 'alerts').map((c) => c.connectionId);
  };
  // Stale-while-revalidate: a frame never waits for the listing (a Query of every connection and
  // their plans), except the very first; a new connection gets its first frame within about a second.
  let ids: string[] | null = null;
  let listedAt = 0;
  let listing: Promise<void> | null = null;
  const relist = (): Promise<void> =>
    (listing ??= live()
      .then((l) => {
        ids = l;
        listedAt = now();
      })
      .finally(() => {
        listing = null;
      }));
  return async (frame) => {
    if (!ids) await relist();
    else if (now() - listedAt > CONNECTIONS_TTL_MS)
      relist().catch((err: unknown) => log.warn('listing the live connections failed', errorFields(err)));
    // Serialised once per frame, not once per connection.
    const data = JSON.stringify(frame);
    const r = await postShard(ids ?? [], (id) => postOutcome(id, data), SHARD_OPTIONS);
    if (r.failed.length > 0) log.warn('frame not delivered after retries', { connections: r.failed.length });
    if (r.gone.length > 0) {
      await Promise.all(r.gone.map((id) => repo.remove(id)));
      const dropped = new Set(r.gone);
      ids = (ids ?? []).filter((id) => !dropped.has(id));
    }
    return { sent: r.sent, gone: r.gone.length };
  };
}

/**
 * Fan-out design (AWS). The live ingest Lambda writes trades to the flow table and posts frames to
 * every connection through the API Gateway Management API (PostToConnection), in parallel; the
 * connection list is a single-partition Query of the app table, reused for a second. A 410 Gone
 * deletes the connection record. Cost per million delivered messages (us-east-1, 2024 prices):
 * WebSocket API $1.00 per million messages (each up to 32 KB; a coalesced frame of a few trades
 * is one message), plus connection time $0.25 per million connection-minutes, plus the Lambda
 * time of the fan-out (~1-2 ms of a 512 MB function per PostToConnection call when run in
 * parallel, ~$0.01-0.02 per million). So about $1.05 per million messages; 100 subscribers
 * watching 3,000 trades a day is 300,000 messages/day, ~$0.30/day. Beyond a few thousand
 * connections the fan-out would be split over several Lambdas (partitioned connection lists).
 *
 * Live fan-out with coalescing. A trade goes out at once when no frame is in flight; trades that
 * arrive while one is (fan-out to N connections takes a while) wait and leave together in the next
 * frame, as an array of new_flow events, no later than the window. Cost per trade is therefore
 * connections x frames, not connections x trades, under load: at 10 trades/s and 100 clients about
 * 1,000 PostToConnection calls a second at worst, fewer when trades coalesce.
 */
export class FlowFanout {
  private queue: WsEvent[] = [];
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastStatusAt = 0;
  private readonly status: FanoutStatusRepository;

  constructor(
    db: DynamoDBDocumentClient = documentClient(),
    private readonly send: (frame: WsFrame) => Promise<{ sent: number; gone: number }> = connectionsBroadcaster(db),
    private readonly windowMs = COALESCE_WINDOW_MS,
  ) {
    this.status = new FanoutStatusRepository(db);
  }

  publish(trades: readonly FlowTrade[]): void {
    for (const t of trades) this.queue.push({ event: 'new_flow', data: JSON.stringify(t) });
    this.schedule();
  }

  /** database_cleared goes out on its own, after what is queued. */
  async cleared(): Promise<void> {
    await this.flush();
    await this.send({ event: 'database_cleared' });
  }

  /** Sends everything queued and waits for it (a Lambda invocation calls this before returning). */
  async flush(): Promise<void> {
    while (this.inFlight || this.queue.length > 0) {
      if (this.inFlight) await this.inFlight;
      else this.sendNow();
    }
  }

  private schedule(): void {
    if (this.inFlight || this.queue.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.sendNow();
  }

  private sendNow(): void {
    const events = this.queue.splice(0, MAX_EVENTS_PER_FRAME);
    const frame: WsFrame = events.length === 1 ? events[0]! : events;
    const started = Date.now();
    this.inFlight = this.send(frame)
      .then((r) => this.record(r, events.length))
      .catch((err: unknown) => log.error('flow fan-out failed', errorFields(err)))
      .finally(() => {
        this.inFlight = null;
        if (this.queue.length === 0) return;
        // Keep frames at most one window apart under sustained load; no wait when idle.
        const wait = Math.max(0, Math.min(this.windowMs, 25 - (Date.now() - started)));
        this.timer = setTimeout(() => {
          this.timer = null;
          this.schedule();
        }, wait);
      });
  }

  private async record(r: { sent: number; gone: number }, events: number): Promise<void> {
    const now = Date.now();
    if (now - this.lastStatusAt < 1000) return;
    this.lastStatusAt = now;
    await this.status.save({ at: new Date(now).toISOString(), sent: r.sent, gone: r.gone, events });
  }
}

/**
 * The live path shared by a vendor poller and the demo player: vendor records -> parser -> trades ->
 * fan-out, and one item each in the flow table (written while the frame is on its way: the
 * write does not add to the ingest-to-browser latency). Returns the trades written.
 */
export async function ingestLiveRecords(
  json: unknown,
  fanout: FlowFanout,
  db: DynamoDBDocumentClient = documentClient(),
): Promise<FlowTrade[]> {
  const report = parseBenzingaOptionsActivity(json);
  if (report.skipped > 0) log.warn('malformed live flow records skipped', { skipped: report.skipped });
  return publishLiveTrades(report.rows.map(tradeFromRecord), fanout, db);
}

const alertDeliveries = new WeakMap<DynamoDBDocumentClient, AlertDelivery>();

/** The container's alert matcher and delivery for this database (its rule index lives as long as the container). */
export function alertDeliveryFor(db: DynamoDBDocumentClient): AlertDelivery {
  let d = alertDeliveries.get(db);
  if (!d) {
    d = new AlertDelivery(db);
    alertDeliveries.set(db, d);
  }
  return d;
}

/**
 * Fans the trades out at once, matches them against the flow alert rules and stores them as the
 * day's live items (idempotent per trade key). Alerts run beside the write: a failing alert path
 * is logged and never holds the feed back.
 */
export async function publishLiveTrades(
  trades: FlowTrade[],
  fanout: FlowFanout,
  db: DynamoDBDocumentClient = documentClient(),
  alerts: AlertDelivery | null = alertDeliveryFor(db),
): Promise<FlowTrade[]> {
  if (trades.length === 0) return trades;
  fanout.publish(trades);
  await Promise.all([
    new FlowRepository(db).putLive(trades),
    alerts?.onTrades(trades).catch((err: unknown) => {
      log.error('flow alerts failed', errorFields(err));
      emitAlertFailure('batch');
    }),
  ]);
  return trades;
}
