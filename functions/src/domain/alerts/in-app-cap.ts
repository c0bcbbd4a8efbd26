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
 * Counts one batch of a user's matches against their allowance: the minute grants some, the day
 * some of those (`count` adds to a window's counter atomically and answers its new value). What is
 * refused folds into one summary item: the day's once the day refused anything (it refuses
 * everything after), the minute's otherwise.
 */
export async function takeAllowance(
  matches: number,
  count: (window: CapWindow, added: number) => Promise<number>,
): Promise<{ granted: number; folded: number; window: CapWindow }> {
  const byMinute = grantedOf(matches, await count('minute', matches), ALERT_LIMITS.inAppPerMinute);
  const granted = byMinute === 0 ? 0 : grantedOf(byMinute, await count('day', byMinute), ALERT_LIMITS.inAppPerDay);
  return { granted, folded: matches - granted, window: granted < byMinute ? 'day' : 'minute' };
}
