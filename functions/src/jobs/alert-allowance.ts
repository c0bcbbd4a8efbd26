import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FiredAlert } from '@tapewatch/shared/schemas/alerts';
import { AlertCapRepository } from '../data/alert-cap-repository.ts';
import { AlertHistoryRepository, type NewAlert } from '../data/alert-history-repository.ts';
import { AllowanceLeases, minuteOf } from '../domain/alerts/in-app-cap.ts';
import { errorFields, log } from '../lib/log.ts';
import { startedEarly } from '../lib/started-early.ts';
import { newYorkDate } from '../platform/clock.ts';

/** One user's alerts of a batch after their allowance. */
export interface UserAllowed {
  userId: string;
  /** Stored and pushed as they are. */
  shown: NewAlert[];
  /**
   * The rest counted into the window's one "N more trades matched" item; its writes run beside the
   * push of `shown` (never ahead of it). `summary` is the item when this batch created it (pushed
   * once; later folds update it without a push).
   */
  fold: Promise<{ folded: number; summary: FiredAlert | null }>;
}

const NOTHING_FOLDED = Promise.resolve({ folded: 0, summary: null });

/**
 * The per-user in-app allowance (ALERT_LIMITS.inAppPerMinute / inAppPerDay) over a batch's alerts,
 * user by user: a user's alerts are known as soon as their own allowance is (most batches spend a
 * container's lease without a write, in-app-cap.ts), so one user's counter round trip or fold
 * never holds back another user's toast.
 */
export class AlertAllowance {
  private readonly caps: AlertCapRepository;
  private readonly history: AlertHistoryRepository;
  /** This container's leases on its users' allowance (in-app-cap.ts: most batches spend without a write). */
  private readonly leases: AllowanceLeases;
  private releasedBefore = '';
  /**
   * The agreed sort key of each "N more" item this container folded into (per user, window and
   * window start): agreed once, it never changes, so later folds skip asking (one write, not two).
   * Cleared each minute.
   */
  private readonly summaryKeys = new Map<string, string>();

  constructor(db: DynamoDBDocumentClient) {
    this.caps = new AlertCapRepository(db);
    this.history = new AlertHistoryRepository(db);
    this.leases = new AllowanceLeases((userId, window, at, added) => this.caps.count(userId, window, at, added));
  }

  /**
   * Each user's alerts of the batch, as their allowance is known (the promises are handled from the
   * start). `watching` says whether a user has an open alerts socket: the others' lease requests
   * wait in the background lane behind the toasts' (in-app-cap.ts).
   */
  apply(
    alerts: readonly NewAlert[],
    watching: (userId: string) => boolean = () => true,
    now = new Date(),
  ): Array<Promise<UserAllowed>> {
    const byUser = new Map<string, NewAlert[]>();
    for (const a of alerts) {
      const list = byUser.get(a.userId);
      if (list) list.push(a);
      else byUser.set(a.userId, [a]);
    }
    const windowAt = { minute: minuteOf(now), day: newYorkDate(now) };
    if (windowAt.minute > this.releasedBefore) {
      // Once a minute, the leases of users with no batch since give their unspent day charge back
      // (beside this batch, not before it: until then the day only counts a little high).
      this.releasedBefore = windowAt.minute;
      this.summaryKeys.clear();
      void this.leases
        .release(windowAt.minute)
        .catch((err: unknown) => log.warn('returning unspent alert allowance failed', errorFields(err)));
    }
    return [...byUser].map(([userId, list]) => startedEarly(this.take(userId, list, windowAt, watching(userId))));
  }

  private async take(
    userId: string,
    list: NewAlert[],
    windowAt: { minute: string; day: string },
    urgent: boolean,
  ): Promise<UserAllowed> {
    const { granted, folded, window } = await this.leases.take(userId, list.length, windowAt, urgent);
    const shown = list.slice(0, granted);
    if (folded === 0) return { userId, shown, fold: NOTHING_FOLDED };
    const fold = async () => {
      const newest = list.at(-1)!;
      const key = `${userId}|${window}|${windowAt[window]}`;
      const known = this.summaryKeys.get(key);
      const proposed = `${newest.firedAt}#more${window === 'day' ? 'day' : 'min'}`;
      const { sk, created } = known
        ? { sk: known, created: false }
        : await this.caps.summaryKey(userId, window, windowAt[window], proposed);
      this.summaryKeys.set(key, sk);
      const alert = await this.history.foldMore(userId, sk, { count: folded, window, newest });
      return { folded, summary: created ? alert : null };
    };
    return { userId, shown, fold: startedEarly(fold()) };
  }
}
