import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FiredAlert } from '@tapewatch/shared/schemas/alerts';
import { AlertCapRepository } from '../data/alert-cap-repository.ts';
import { AlertHistoryRepository, type NewAlert } from '../data/alert-history-repository.ts';
import { AllowanceLeases, minuteOf } from '../domain/alerts/in-app-cap.ts';
import { errorFields, log } from '../lib/log.ts';
import { newYorkDate } from '../platform/clock.ts';

/** A batch's alerts after the allowance: those to store and push, and the new summary items to push. */
export interface AllowedAlerts {
  shown: NewAlert[];
  /** "N more trades matched" items created by this batch (later folds update them without a push). */
  summaries: Array<{ userId: string; alert: FiredAlert }>;
  folded: number;
}

/**
 * The per-user in-app allowance (ALERT_LIMITS.inAppPerMinute / inAppPerDay) over a batch's alerts:
 * the granted ones are stored and pushed as they are; the rest of each user's are counted into
 * their window's one summary item in the history, which is pushed once, when it is created.
 */
export class AlertAllowance {
  private readonly caps: AlertCapRepository;
  private readonly history: AlertHistoryRepository;
  /** This container's leases on its users' allowance (in-app-cap.ts: most batches spend without a write). */
  private readonly leases: AllowanceLeases;
  private releasedBefore = '';

  constructor(db: DynamoDBDocumentClient) {
    this.caps = new AlertCapRepository(db);
    this.history = new AlertHistoryRepository(db);
    this.leases = new AllowanceLeases((userId, window, at, added) => this.caps.count(userId, window, at, added));
  }

  async apply(alerts: readonly NewAlert[], now = new Date()): Promise<AllowedAlerts> {
    const byUser = new Map<string, NewAlert[]>();
    for (const a of alerts) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);
    const windowAt = { minute: minuteOf(now), day: newYorkDate(now) };
    const result: AllowedAlerts = { shown: [], summaries: [], folded: 0 };
    if (windowAt.minute > this.releasedBefore) {
      // Once a minute, the leases of users with no batch since give their unspent day charge back
      // (beside this batch, not before it: until then the day only counts a little high).
      this.releasedBefore = windowAt.minute;
      void this.leases
        .release(windowAt.minute)
        .catch((err: unknown) => log.warn('returning unspent alert allowance failed', errorFields(err)));
    }
    await Promise.all(
      [...byUser].map(async ([userId, list]) => {
        const { granted, folded, window } = await this.leases.take(userId, list.length, windowAt);
        result.shown.push(...list.slice(0, granted));
        if (folded === 0) return;
        result.folded += folded;
        const newest = list.at(-1)!;
        const proposed = `${newest.firedAt}#more${window === 'day' ? 'day' : 'min'}`;
        const { sk, created } = await this.caps.summaryKey(userId, window, windowAt[window], proposed);
        const alert = await this.history.foldMore(userId, sk, { count: folded, window, newest });
        if (created) result.summaries.push({ userId, alert });
      }),
    );
    return result;
  }
}
