import { describe, expect, it } from 'vitest';
import { blackScholes } from '../../analytics/black-scholes.ts';
import { printGreeks, yearsToExpiry } from './print-greeks.ts';

const base = {
  ticker: 'SPY',
  date: '2024-03-08',
  time: '10:30:00',
  put_call: 'Put' as const,
  strike_price: 500,
  date_expiration: '2024-04-19',
  underlying_price: 511.72,
};

describe('IV and delta at the print', () => {
  it('recovers the volatility that priced the midpoint, and its delta', () => {
    // SPY: q = 1.3%, r = 5.3%, 42 calendar days.
    const T = 42 / 365;
    const bs = blackScholes({ S: 511.72, K: 500, T, r: 0.053, q: 0.013, sigma: 0.1432, type: 'put' });
    const g = printGreeks({ ...base, midpoint: bs.price });
    expect(g?.iv).toBeCloseTo(0.1432, 4);
    expect(g?.delta).toBeCloseTo(bs.delta, 3);
    expect(g!.delta).toBeLessThan(0);
  });

  it('counts the session time left on the expiry day', () => {
    expect(yearsToExpiry('2024-03-08', '15:00:00', '2024-03-08')).toBeCloseTo(3600 / (86400 * 365), 12);
    expect(yearsToExpiry('2024-03-08', '16:10:00', '2024-03-08')).toBeCloseTo(60 / (86400 * 365), 12);
    expect(yearsToExpiry('2024-03-08', '09:30:00', '2024-03-11')).toBeCloseTo(3 / 365, 12);
  });

  it('gives nothing without a midpoint, an underlying price, or a price any volatility makes', () => {
    expect(printGreeks({ ...base, midpoint: null })).toBeNull();
    expect(printGreeks({ ...base, midpoint: 2, underlying_price: null })).toBeNull();
    expect(printGreeks({ ...base, midpoint: 0.5, strike_price: 600 })).toBeNull(); // under the deep put's lower bound
    expect(printGreeks({ ...base, midpoint: 1e6 })).toBeNull(); // above the put's upper bound
    expect(printGreeks({ ...base, midpoint: 2, date_expiration: '2024-03-07' })).toBeNull();
  });
});
