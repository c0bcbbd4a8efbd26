import { describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { grantedOf, minuteOf, takeAllowance, type CapWindow } from './in-app-cap.ts';

const { inAppPerMinute: perMinute, inAppPerDay: perDay } = ALERT_LIMITS;

/** Counters as DynamoDB's atomic ADD keeps them: each addition answers the value after it. */
function counters(start: Partial<Record<CapWindow, number>> = {}) {
  const value: Record<CapWindow, number> = { minute: 0, day: 0, ...start };
  return {
    value,
    count: async (w: CapWindow, added: number) => {
      value[w] += added;
      return value[w];
    },
  };
}

describe('in-app alert allowance', () => {
  it('grants what fits under the cap from the range the addition took', () => {
    expect(grantedOf(10, 10, 30)).toBe(10);
    expect(grantedOf(10, 35, 30)).toBe(5);
    expect(grantedOf(10, 45, 30)).toBe(0);
  });

  it('batches in any order together get exactly the cap, and every match is granted or folded', async () => {
    const c = counters();
    const batches = [7, 31, 1, 12, 40, 3];
    const outcomes = await Promise.all(batches.map((b) => takeAllowance(b, c.count)));
    expect(outcomes.reduce((t, o) => t + o.granted, 0)).toBe(perMinute);
    expect(outcomes.reduce((t, o) => t + o.granted + o.folded, 0)).toBe(batches.reduce((t, b) => t + b, 0));
    expect(outcomes.every((o) => o.window === 'minute')).toBe(true);
    // The day counts what the minute granted, not the matches it refused.
    expect(c.value.day).toBe(perMinute);
  });

  it("folds into the day's summary once the day refuses, and asks the day nothing when the minute refused all", async () => {
    const c = counters({ day: perDay - 4 });
    expect(await takeAllowance(10, c.count)).toEqual({ granted: 4, folded: 6, window: 'day' });
    const full = counters({ minute: perMinute });
    expect(await takeAllowance(3, full.count)).toEqual({ granted: 0, folded: 3, window: 'minute' });
    expect(full.value.day).toBe(0);
  });

  it('names the wall-clock minute', () => {
    expect(minuteOf(new Date('2024-03-08T14:59:59.999Z'))).toBe('2024-03-08T14:59');
  });
});
