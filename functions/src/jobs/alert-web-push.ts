import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NewAlert } from '../data/alert-history-repository.ts';
import { PushSubscriptionsRepository, type StoredPushSubscription } from '../data/push-subscriptions-repository.ts';
import { composeAlertPush } from '../domain/alerts/push-payload.ts';
import { errorFields, log } from '../lib/log.ts';
import { loadVapidConfig, sendPush, type VapidConfig } from '../platform/web-push.ts';
import { emitAlertFailure } from './alert-metrics.ts';
import { KeptByUser } from './kept-by-user.ts';

/**
 * How long the listing of every subscription is reused: a browser subscribed within this window gets
 * its first push a little later (the alert is in the history and the in-app toast anyway).
 */
export const PUSH_SUBSCRIBERS_TTL_MS = 30_000;
/** Pushes in flight at once per container: a burst of matches must not open hundreds of sockets. */
const PUSH_CONCURRENCY = 16;

export interface WebPushDeps {
  vapid: () => Promise<VapidConfig | null>;
  send: typeof sendPush;
}

/**
 * Fired alerts as browser notifications (Web Push) to the subscriptions a user stored. Every
 * subscription is listed with one Query reused for PUSH_SUBSCRIBERS_TTL_MS, so the live path's
 * reads do not grow with the trades or the matched users (a per-user read flooded the database
 * client the in-app path shares, at 40 matches a trade in the bench). A push service answering
 * 404/410 means the browser dropped the subscription: it is deleted.
 */
export class AlertWebPush {
  private readonly repo: PushSubscriptionsRepository;
  private readonly kept: KeptByUser<StoredPushSubscription>;

  constructor(
    db: DynamoDBDocumentClient,
    private readonly deps: WebPushDeps = { vapid: loadVapidConfig, send: sendPush },
    ttlMs = PUSH_SUBSCRIBERS_TTL_MS,
  ) {
    this.repo = new PushSubscriptionsRepository(db);
    this.kept = new KeptByUser(() => this.repo.listAll(), ttlMs);
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
    const subs = await this.kept.get((err) => {
      log.warn('listing push subscriptions failed', errorFields(err));
      emitAlertFailure('webpush');
    });
    const jobs: Array<{ userId: string; sub: StoredPushSubscription; payload: string }> = [];
    for (const list of byRule.values()) {
      const { userId, ruleId, ruleName } = list[0]!;
      const browsers = subs.get(userId) ?? [];
      if (browsers.length === 0) continue;
      const payload = JSON.stringify(composeAlertPush({ ruleId, ruleName, trades: list.map((a) => a.trade) }));
      for (const sub of browsers) jobs.push({ userId, sub, payload });
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
      this.kept.drop(userId, (s) => s.id === sub.id);
      return false;
    } catch (err) {
      log.warn('alert web push failed', { userId, subscription: sub.id, ...errorFields(err) });
      emitAlertFailure('webpush');
      return false;
    }
  }
}
