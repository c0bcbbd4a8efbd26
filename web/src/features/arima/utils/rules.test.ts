import { describe, expect, it } from 'vitest';
import { ARIMA_TRENDS, arimaRuleViolation } from '@tapewatch/shared/params/arima';
import { isDLocked, withD, withTrend, type ArimaSettings } from './rules.ts';

const base: ArimaSettings = {
  p: 1,
  d: 1,
  q: 1,
  trend: 't',
  stationarity: 1,
  invertibility: 1,
  offset: 1,
  concentrate: 0,
  cov_type: 'approx',
};

describe('ARIMA control rules (spec part 2 section 4)', () => {
  it('c and ct force d = 0 and lock the d selector', () => {
    for (const trend of ['c', 'ct'] as const) {
      for (const d of [0, 1, 2, 5] as const)
        expect(withTrend({ ...base, trend: 'n', d }, trend)).toEqual({ ...base, trend, d: 0 });
      expect(isDLocked(trend)).toBe(true);
    }
    expect(isDLocked('t')).toBe(false);
    expect(isDLocked('n')).toBe(false);
  });
  it('t forces d = 1; n keeps d', () => {
    for (const d of [0, 1, 3] as const) expect(withTrend({ ...base, trend: 'n', d }, 't').d).toBe(1);
    expect(withTrend({ ...base, trend: 'c', d: 0 }, 'n')).toEqual({ ...base, trend: 'n', d: 0 });
    expect(withTrend({ ...base, trend: 'n', d: 4 }, 'n').d).toBe(4);
  });
  it('d above 1 sets trend n; d of 0 or 1 keeps the trend', () => {
    for (const trend of ARIMA_TRENDS) {
      expect(withD({ ...base, trend }, 2)).toEqual({ ...base, trend: 'n', d: 2 });
      expect(withD({ ...base, trend }, 5).trend).toBe('n');
    }
    expect(withD({ ...base, trend: 't' }, 0)).toEqual({ ...base, trend: 't', d: 0 });
    expect(withD(base, 1)).toEqual(base);
  });
  it('never produces a combination the server rejects, whatever the order of edits', () => {
    for (const start of ARIMA_TRENDS) {
      for (let d0 = 0; d0 <= 5; d0++) {
        for (const trend of ARIMA_TRENDS) {
          const a = withTrend({ ...base, trend: start, d: d0 as ArimaSettings['d'] }, trend);
          expect(arimaRuleViolation(a.trend, a.d)).toBeNull();
          for (let d = 0; d <= 5; d++) {
            if (isDLocked(a.trend)) continue; // the selector is disabled
            const b = withD(a, d as ArimaSettings['d']);
            expect(arimaRuleViolation(b.trend, b.d), `${start}/${d0} -> ${trend} -> d=${d}`).toBeNull();
          }
        }
      }
    }
  });
});
