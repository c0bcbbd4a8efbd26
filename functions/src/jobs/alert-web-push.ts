import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NewAlert } from '../data/alert-history-repository.ts';
import { PushSubscriptionsRepository, type StoredPushSubscription } from '../data/push-subscriptions-repository.ts';
import { composeAlertPush } from '../domain/alerts/push-payload.ts';
import { errorFields, log } from '../lib/log.ts';
import { loadVapidConfig, sendPush, type VapidConfig } from '../platform/web-push.ts';
import { emitAlertFailure } from './alert-metrics.ts';

/**
 * How long a user's subscription listing is reused: a browser subscribed within this window gets
 * its first push a little later (the alert is in the history and the in-app toast anyway).
 */
export const PUSH_SUBSCRIBERS_TTL_MS = 60_000;
/** Pushes in flight at once per container: a burst of matches must not open hundreds of sockets. */
const PUSH_CONCURRENCY = 16;

export interface WebPushDeps {
  vapid: () => Promise<VapidConfig | null>;
  send: typeof sendPush;
}

/**
 * Fired alerts as browser notifications (Web Push) to the subscriptions a user stored. Each user's
 * subscriptions are read once per PUSH_SUBSCRIBERS_TTL_MS (users without any are cached too), so
 * the live path reads at most one Query per matched user per minute, not per trade. A push service
 * answering 404/410 means the browser dropped the subscription: it is deleted.
 */
export class AlertWebPush {
  private readonly cache = new Map<string, { at: number; subs: StoredPushSubscription[] }>();
  private readonly repo: PushSubscriptionsRepository;

  constructor(
    db: DynamoDBDocumentClient,
    private readonly deps: WebPushDeps = { vapid: loadVapidConfig, send: sendPush },
    private readonly ttlMs = PUSH_SUBSCRIBERS_TTL_MS,
    private readonly maxEntries = 50_000,
  ) {
    this.repo = new PushSubscriptionsRepository(db);
  }

  /** Sends one push per user and rule of the batch to each of the user's browsers; returns pushes accepted. */
  async deliver(alerts: readonly NewAlert[]): Promise<number> {
    if (alerts.length === 0) return 0;
    const vapid = await this.deps.vapid().catch((err: unknown) => {
      log.error('VAPID key could not be loaded: no browser pushes', errorFields(err));
      emitAlertFailure('webpush');
      return null;
    });
    if (!vapid) return 0;
    const byRule = new Map<string, NewAlert[]>();
    for (const a of alerts) {
      const k = `${a.userId}#${a.ruleId}`;
      byRule.set(k, [...(byRule.get(k) ?? []), a]);
    }
    const subs = await this.subscriptions([...new Set(alerts.map((a) => a.userId))]);
    const jobs: Array<{ userId: string; sub: StoredPushSubscription; payload: string }> = [];
    for (const list of byRule.values()) {
      const { userId, ruleId, ruleName } = list[0]!;
      const payload = JSON.stringify(composeAlertPush({ ruleId, ruleName, trades: list.map((a) => a.trade) }));
      for (const sub of subs.get(userId) ?? []) jobs.push({ userId, sub, payload });
    }
    let sent = 0;
    const next = jobs[Symbol.iterator]();
    const worker = async () => {
      for (const job of next) if (await this.sendOne(job.userId, job.sub, job.payload, vapid)) sent += 1;
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, jobs.length) }, worker));
    return sent;
  }

  private async sendOne(userId: string, sub: StoredPushSubscription, payload: string, vapid: VapidConfig) {
    try {
      if ((await this.deps.send(sub, payload, vapid)) === 'sent') return true;
      await this.repo.delete(userId, sub.id);
      const hit = this.cache.get(userId);
      if (hit) hit.subs = hit.subs.filter((s) => s.id !== sub.id);
      return false;
    } catch (err) {
      log.warn('alert web push failed', { userId, subscription: sub.id, ...errorFields(err) });
      emitAlertFailure('webpush');
      return false;
    }
  }

  /** The users' subscriptions, read again for users not seen within the TTL. */
  private async subscriptions(userIds: readonly string[], now = Date.now()) {
    const stale = userIds.filter((u) => {
      const hit = this.cache.get(u);
      return !hit || now - hit.at >= this.ttlMs;
    });
    await Promise.all(
      stale.map(async (u) => {
        const subs = await this.repo.list(u).catch((err: unknown) => {
          log.warn('listing push subscriptions failed', { userId: u, ...errorFields(err) });
          emitAlertFailure('webpush');
          return null;
        });
        if (!subs) return;
        this.cache.delete(u);
        this.cache.set(u, { at: now, subs });
      }),
    );
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    return new Map(userIds.map((u) => [u, this.cache.get(u)?.subs ?? []]));
  }
}
