import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../../domain/calendar/nyse.ts';
import { listedExpiries, listedStrikes, strikeSteps } from './option-listing.ts';

describe('listedExpiries (SPY-style)', () => {
  const list = listedExpiries('2024-03-08');
  const kindOf = new Map(list.map((e) => [e.expiry, e.kind]));

  it('lists dailies for two weeks, Friday weeklies, monthlies, quarterlies and LEAPS', () => {
    expect(
      ['2024-03-11', '2024-03-12', '2024-03-13', '2024-03-14', '2024-03-18', '2024-03-21'].map((d) => kindOf.get(d)),
    ).toEqual(Array(6).fill('daily'));
    expect(kindOf.get('2024-03-15')).toBe('monthly');
    expect(kindOf.get('2024-03-22')).toBe('weekly');
    expect(kindOf.get('2024-03-28')).toBe('quarterly'); // Mar 29 is Good Friday
    expect(kindOf.get('2024-05-10')).toBe('weekly');
    expect(kindOf.get('2024-08-16')).toBe('monthly');
    expect(kindOf.get('2024-12-20')).toBe('leaps');
    expect(kindOf.get('2025-12-19')).toBe('leaps');
    expect(kindOf.get('2026-01-16')).toBe('leaps');
    expect(kindOf.has('2024-03-08')).toBe(false); // settled before the after-close snapshot
    expect(kindOf.has('2024-03-25')).toBe(false); // beyond the daily window, not a Friday
    expect(list.every((e) => isTradingDay(e.expiry))).toBe(true);
  });

  it('moves a holiday expiry to the prior trading day (April 2025 monthly on Good Friday)', () => {
    expect(
      listedExpiries('2025-03-20').find((e) => e.kind === 'monthly' && e.expiry.startsWith('2025-04'))?.expiry,
    ).toBe('2025-04-17');
  });
});

describe('listedStrikes', () => {
  it('SPY grid: $1 near spot, $5 farther out, about +/-20% for long expiries', () => {
    expect(strikeSteps(502)).toEqual([1, 5, 10]);
    const k = listedStrikes(502.24, 0.5, 0.14);
    expect(k[0]).toBeGreaterThanOrEqual(502.24 * 0.8 - 5);
    expect(k.at(-1)).toBeLessThanOrEqual(502.24 * 1.2);
    expect(k.at(-1)).toBeGreaterThan(502.24 * 1.15);
    expect(k).toContain(500);
    expect(k).toContain(501);
    expect(k.filter((x) => x > 540 && x < 600).every((x) => x % 5 === 0)).toBe(true);
    expect([...k].sort((a, b) => a - b)).toEqual(k);
  });

  it('short expiries list a narrower strip', () => {
    const short = listedStrikes(502.24, 3 / 365, 0.11);
    const long = listedStrikes(502.24, 0.5, 0.14);
    expect(short.length).toBeLessThan(long.length);
    expect(short[0]).toBeGreaterThan(502.24 * 0.94);
    expect(short.every((x) => Number.isInteger(x))).toBe(true);
  });

  it('cheap underlyings get half-dollar strikes', () => {
    expect(listedStrikes(20, 0.1, 0.4).some((x) => !Number.isInteger(x))).toBe(true);
  });
});
