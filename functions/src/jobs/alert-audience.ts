import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConnectionRepository } from '../data/connection-repository.ts';
import { SubscriptionsRepository } from '../data/subscriptions-repository.ts';
import { isSubscriber } from '../lib/auth-guard.ts';
import { errorFields, log } from '../lib/log.ts';
import { KeptByUser } from './kept-by-user.ts';

/** How long a user's plan is trusted by the matcher before it is read again. */
export const PLAN_RECHECK_MS = 30_000;
/** How long the listing of the alerts sockets is reused (the live feed's fan-out reuses its own as long). */
export const ALERT_SOCKETS_TTL_MS = 1000;
/**
 * Up to this age a stale listing is still used while the next one loads: the Query of every connection
 * took up to 200 ms under the bench's load, and every toast of that second waited for it.
 */
export const ALERT_SOCKETS_STALE_MS = 10_000;

/**
 * Whether the owners of fired rules are still subscribers: one BatchGet per 100 users not seen in
 * the last PLAN_RECHECK_MS, instead of one read per user, so a burst of matches after a cold start
 * costs a few reads.
 */
export class PlanCache {
  private readonly known = new Map<string, { at: number; ok: boolean }>();

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly ttlMs = PLAN_RECHECK_MS,
    private readonly maxEntries = 50_000,
  ) {}

  async subscribed(userIds: readonly string[], now = Date.now()): Promise<Set<string>> {
    const stale = userIds.filter((u) => {
      const hit = this.known.get(u);
      return !hit || now - hit.at >= this.ttlMs;
    });
    if (stale.length > 0) {
      const plans = await new SubscriptionsRepository(this.db).plans(stale);
      for (const u of stale) {
        this.known.delete(u);
        this.known.set(u, { at: now, ok: isSubscriber(plans.get(u) ?? '') });
      }
      while (this.known.size > this.maxEntries) this.known.delete(this.known.keys().next().value!);
    }
    return new Set(userIds.filter((u) => this.known.get(u)?.ok));
  }
}

/**
 * The open alerts sockets by user, from one Query of every connection reused for up to a second (and
 * while the next one loads), instead of a Query per user with a match. A socket opened within that second may miss the toast
 * but not the alert: it is in the history, which the bell reads again when its socket opens.
 */
export class AlertSockets {
  private readonly kept: KeptByUser<string>;

  constructor(db: DynamoDBDocumentClient, ttlMs = ALERT_SOCKETS_TTL_MS) {
    const repo = new ConnectionRepository(db);
    this.kept = new KeptByUser(
      async () => {
        const byUser = new Map<string, string[]>();
        for (const c of await repo.list())
          if (c.channel === 'alerts' && c.userId)
            byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c.connectionId]);
        return byUser;
      },
      ttlMs,
      ALERT_SOCKETS_STALE_MS,
    );
  }

  /** Lists the sockets again now (the next frames use the new listing). */
  relist(): Promise<void> {
    return this.kept.relist();
  }

  forUsers(): Promise<ReadonlyMap<string, readonly string[]>> {
    return this.kept.get((err) => log.warn('listing the alerts sockets failed', errorFields(err)));
  }

  /** A socket that answered Gone: dropped from the listing (its record is deleted by the caller). */
  drop(userId: string, connectionId: string): void {
    this.kept.drop(userId, (id) => id === connectionId);
  }
}
