/**
 * Flow alert limits (issue 25). Plain TypeScript, no zod, so the browser can import them cheaply.
 */
export const ALERT_LIMITS = {
  /** Active (not paused) rules per user; paused ones do not count. */
  activeRules: 20,
  /** Rules stored per user, active or paused (keeps one user's partition and the index small). */
  storedRules: 50,
  nameLength: 60,
  /** At most one email per rule in this window; later matches wait and go out as a digest. */
  emailThrottleMs: 5 * 60_000,
  /** Alert emails per user and New York day; past it the alerts still reach the app and the history. */
  dailyEmails: 40,
  /**
   * In-app alerts (socket toasts and stored history items) per user and wall-clock minute, over all
   * their rules (issue 35): one toast every 2 s is as fast as a person reads them. Matches past it
   * fold into one "N more trades matched" history item per minute, so nothing is uncounted.
   */
  inAppPerMinute: 30,
  /**
   * In-app alerts per user and New York day: more than one a minute over a whole session (6.5 h is
   * 390 minutes); a rule that fires more often is a feed, better read on the Options Flow page.
   * Past it the rest of the day folds into one day summary item.
   */
  inAppPerDay: 500,
  /** Fired alerts are kept this long. */
  historyDays: 90,
  /** Trades one digest lists (the rest are counted). */
  digestTrades: 20,
  /** Alert ids one "mark read" request may name (one BatchGet reads them all). */
  markReadIds: 100,
  /** Trades the backtest lists. */
  backtestTrades: 100,
} as const;

/** Why a rule is paused: the user did it, the email link did, or the basic plan ended. */
export const PAUSE_REASONS = ['user', 'email', 'plan'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

export const PLAN_PAUSED_MESSAGE =
  'Your alerts are paused because your basic plan ended. They are kept: subscribe again and resume them on the Alerts page.';

export function activeLimitMessage(): string {
  return `You already have ${ALERT_LIMITS.activeRules} active alerts, the most you can have. Pause or delete one first.`;
}

/** The window of a "N more trades matched" history item: the minute or the New York day whose allowance ran out. */
export type AlertCapWindow = 'minute' | 'day';

/** The line the app shows for a "N more trades matched" item. */
export function moreMatchedText(count: number, window: AlertCapWindow): string {
  const trades = count === 1 ? '1 more trade' : `${count.toLocaleString('en-US')} more trades`;
  return window === 'day'
    ? `${trades} matched your alerts today, past ${ALERT_LIMITS.inAppPerDay} alerts a day`
    : `${trades} matched your alerts in this minute, past ${ALERT_LIMITS.inAppPerMinute} alerts a minute`;
}
