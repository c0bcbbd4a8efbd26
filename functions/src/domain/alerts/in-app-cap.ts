import { ALERT_LIMITS, type AlertCapWindow } from '@tapewatch/shared/alerts/limits';

/** The two allowance windows an alert counts against: its wall-clock minute and its New York day. */
export type CapWindow = AlertCapWindow;

/** The minute window of an instant: its ISO time cut to the minute (UTC). */
export const minuteOf = (at: Date): string => at.toISOString().slice(0, 16);

/**
 * How many of `added` matches fit under `cap`, given the counter's value after atomically adding
 * all of them. Concurrent batches each get a distinct range [after - added, after) of the counter,
 * so together they are granted at most `cap`, whatever order their updates land in.
 */
export function grantedOf(added: number, after: number, cap: number): number {
  return Math.max(0, Math.min(added, cap - (after - added)));
}

/**
 * The least a container takes from a user's minute counter at a time. Counting every batch cost two
 * sequential DynamoDB updates per user per trade, which on the live path (one trade a batch, dozens
 * of users matched) tripled the write load and pushed the trade-to-toast p99 from 190 ms to 1.6 s
 * (issue 35, `npm run bench -- --alerts`). A lease of 10 is a third of the minute's allowance: a
 * user's typical minute costs one or two updates, and what a container leaves unspent is bounded.
 */
export const LEASE_CHUNK = 10;

/**
 * How many lease round trips of users with no open alerts socket run at once. Their alerts only go
 * to the history (read when the bell opens), so they wait their turn: at a cold start or the turn
 * of a minute, hundreds of them at once queued every toast behind their writes (issue 35's bench:
 * the third trade's toasts at 265 ms). Eight at a time still lease a few thousand users a second.
 */
export const BACKGROUND_LEASES = 8;

/** Adds `added` to the user's counter of the window `at` atomically; answers its value after the addition. */
export type CountFn = (userId: string, window: CapWindow, at: string, added: number) => Promise<number>;

interface Lease {
  minute: string;
  day: string;
  /** Minute allowance granted to this container and not yet spent (its day allowance is charged too). */
  left: number;
  /** The minute counter refused part of a request: nothing more this minute, from any container. */
  minuteFull: boolean;
  /**
   * The day counter refused part of a request: nothing more this day. (A give-back never lets the
   * counter fall below what is shown: it returns only granted, unspent allowance.)
   */
  dayFull: boolean;
}

export interface Taken {
  granted: number;
  folded: number;
  /** The window whose allowance ran out (the day's once it refused anything, else the minute's). */
  window: CapWindow;
}

/**
 * A container's leases on its users' in-app allowance (ALERT_LIMITS.inAppPerMinute / inAppPerDay).
 * A batch is served from the lease when it can; otherwise the container adds what it needs, at least
 * LEASE_CHUNK, to the user's minute counter, then charges what the minute granted to the day counter,
 * each one atomic ADD whose range says what was granted (grantedOf). So over every container, the
 * alerts shown never exceed either cap; a lease left unspent when its minute ends gives its day
 * charge back (`release`), so the day counts what was shown. The one cost of leasing: while one
 * container holds part of a minute's allowance, another may fold a match that would have fitted
 * (at most LEASE_CHUNK - 1 per container, user and minute). Every match is shown or folded, never lost.
 */
export class AllowanceLeases {
  private readonly leases = new Map<string, Lease>();
  /** Each user's requests in order: one lease request at a time, the next batch spends from it. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** The background lane: lease requests of users nobody is watching, BACKGROUND_LEASES at a time. */
  private readonly waiting: Array<() => void> = [];
  private running = 0;

  constructor(
    private readonly count: CountFn,
    private readonly backgroundLeases = BACKGROUND_LEASES,
  ) {}

  /**
   * Spends `matches` from the user's lease, asking for more when it runs short. `urgent` (the user
   * has an open alerts socket: a toast is waiting) asks at once; otherwise the request waits in the
   * background lane.
   */
  take(userId: string, matches: number, at: { minute: string; day: string }, urgent = true): Promise<Taken> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const run = previous.then(() => this.takeNow(userId, matches, at, urgent));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(userId, settled);
    void settled.then(() => {
      if (this.queues.get(userId) === settled) this.queues.delete(userId);
    });
    return run;
  }

  /**
   * Gives back the day charge of every lease from a minute before `minute` (their minute is over:
   * the rest can never be shown) and forgets them. Answers the day counter updates it made. Two at a
   * time: it is background work, and hundreds of updates at once at the turn of a minute held the
   * live path's own writes back (bench p99 +100 ms).
   */
  async release(minute: string): Promise<number> {
    const stale = [...this.leases].filter(([, l]) => l.minute < minute);
    for (const [userId] of stale) this.leases.delete(userId);
    const giving = stale.filter(([, l]) => l.left > 0);
    const next = giving[Symbol.iterator]();
    const worker = async () => {
      for (let it = next.next(); !it.done; it = next.next()) {
        const [userId, l] = it.value;
        await this.count(userId, 'day', l.day, -l.left);
      }
    };
    await Promise.all([worker(), worker()]);
    return giving.length;
  }

  private async takeNow(
    userId: string,
    matches: number,
    at: { minute: string; day: string },
    urgent: boolean,
  ): Promise<Taken> {
    let lease = this.leases.get(userId);
    let giveBack: Promise<number> | undefined;
    if (!lease || lease.minute !== at.minute || lease.day !== at.day) {
      // The last minute's unspent lease returns its day charge beside this batch's own request.
      if (lease && lease.left > 0) giveBack = this.count(userId, 'day', lease.day, -lease.left);
      const dayFull = lease?.day === at.day && lease.dayFull;
      lease = { minute: at.minute, day: at.day, left: 0, minuteFull: false, dayFull };
      this.leases.set(userId, lease);
    }
    const current = lease;
    const ask = () => this.request(userId, current, Math.max(matches - current.left, LEASE_CHUNK));
    const requesting =
      current.left < matches && !current.minuteFull && !current.dayFull
        ? urgent
          ? ask()
          : this.inBackground(ask)
        : undefined;
    await Promise.all([giveBack, requesting]);
    const granted = Math.min(matches, current.left);
    current.left -= granted;
    if (current.left > 0 && this.leases.get(userId) !== current) {
      // Swept (its minute ended) while this request was on its way: nobody spends the rest, so its
      // day charge goes back now, or the day would count it as shown (a failed give-back errs the safe
      // way: the day counts high).
      const rest = current.left;
      current.left = 0;
      void this.count(userId, 'day', current.day, -rest).catch(() => undefined);
    }
    const folded = matches - granted;
    // A refusal names the day once the day has refused anything (it refuses everything after).
    return { granted, folded, window: folded > 0 && current.dayFull ? 'day' : 'minute' };
  }

  /** Runs `work` in the background lane; a finished request hands its slot to the next one waiting. */
  private async inBackground(work: () => Promise<void>): Promise<void> {
    if (this.running < this.backgroundLeases) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /**
   * Adds `ask` to the minute counter, then what the minute granted to the day counter; the lease keeps
   * what both granted. In turn, not at once: charging the day the whole ask beside the minute made it
   * count high while others read it (three containers asking 620 at once marked the day full for two).
   */
  private async request(userId: string, lease: Lease, ask: number): Promise<void> {
    const byMinute = grantedOf(ask, await this.count(userId, 'minute', lease.minute, ask), ALERT_LIMITS.inAppPerMinute);
    if (byMinute < ask) lease.minuteFull = true;
    if (byMinute === 0) return;
    const byDay = grantedOf(byMinute, await this.count(userId, 'day', lease.day, byMinute), ALERT_LIMITS.inAppPerDay);
    if (byDay < byMinute) lease.dayFull = true;
    lease.left += byDay;
  }
}
