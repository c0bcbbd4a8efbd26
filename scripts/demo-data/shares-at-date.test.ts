import { describe, expect, it } from 'vitest';
import {
  estimateSharesAt,
  parseSplits,
  secondaryClasses,
  sharesValidFrom,
  splitFactor,
  type CapSnapshot,
} from './shares-at-date.ts';

// Rows as in ../shared/data/reference/stock_splits_2024-2026.csv.
const SPLITS = parseSplits([
  { date: '2024-06-07', symbol: 'NVDA', ratio_new: '10', ratio_old: '1' },
  { date: '2024-06-25', symbol: 'CMG', ratio_new: '50', ratio_old: '1' },
  { date: '2024-03-26', symbol: 'TPL', ratio_new: '3', ratio_old: '1' },
  { date: '2025-12-22', symbol: 'TPL', ratio_new: '3', ratio_old: '1' },
  { date: '2026-01-14', symbol: 'AMCR', ratio_new: '1', ratio_old: '5' },
]);
const D = '2024-03-08';

describe('splitFactor', () => {
  it('multiplies the splits strictly after D up to and including the snapshot date', () => {
    expect(splitFactor(SPLITS, 'TPL', D, '2024-10-10')).toBe(3);
    expect(splitFactor(SPLITS, 'TPL', D, '2026-08-22')).toBe(9);
    expect(splitFactor(SPLITS, 'TPL', '2024-03-26', '2024-10-10')).toBe(1); // split on D itself is already in D's prices
    expect(splitFactor(SPLITS, 'AMCR', D, '2026-08-22')).toBeCloseTo(0.2, 12); // reverse split
    expect(splitFactor(SPLITS, 'MSFT', D, '2026-08-22')).toBe(1);
  });
});

describe('estimateSharesAt', () => {
  // NVDA in the 2024-10-10 snapshot: price 132.65, cap 3.254T -> 24.53B shares, 2.453B before the 10:1 split.
  const nvda24: CapSnapshot = { label: '2024-10-10', date: '2024-10-10', price: 132.65, marketCap: 3_253_904_343_040 };
  it('divides the snapshot share count by the splits between D and the snapshot', () => {
    const e = estimateSharesAt('NVDA', D, 875.28, [nvda24], SPLITS);
    expect(e.source).toBe('2024-10-10');
    expect(e.shares! / 1e9).toBeCloseTo(2.453, 3);
    expect((e.shares! * 875.28) / 1e12).toBeCloseTo(2.147, 2); // published that day: about $2.19T
  });

  it('falls back to the next snapshot, and rejects an estimate whose implied cap moved over 3x (a missed split)', () => {
    // A 2026 snapshot taken after a 25:1 split the list does not hold: 25x too many shares.
    const missed: CapSnapshot = { label: '2026', date: '2026-08-22', price: 200, marketCap: 25 * 3_400_000_000 * 200 };
    const ok: CapSnapshot = { label: '2026', date: '2026-08-22', price: 5000, marketCap: 3_400_000_000 * 5000 };
    const bad = estimateSharesAt('XYZ', D, 3500, [missed], SPLITS);
    expect(bad.shares).toBeNull();
    expect(bad.rejected[0]).toMatch(/17\.50x/);
    const good = estimateSharesAt('XYZ', D, 3500, [{ ...nvda24, price: 0 }, ok], SPLITS);
    expect(good).toEqual({ shares: 3_400_000_000, source: '2026', rejected: ['2024-10-10: no market cap or price'] });
  });

  it('gives no shares when no snapshot holds the name', () => {
    expect(estimateSharesAt('ASML', D, 950, [], SPLITS)).toEqual({ shares: null, source: null, rejected: [] });
  });
});

describe('secondaryClasses', () => {
  it('keeps the most traded class of an issuer as the company and points the others to it', () => {
    const m = secondaryClasses([
      { symbol: 'GOOGL', issuer: '1652044', dollarVolume: 4e9 },
      { symbol: 'GOOG', issuer: '1652044', dollarVolume: 3e9 },
      { symbol: 'FOX', issuer: '1754301', dollarVolume: 2e7 },
      { symbol: 'FOXA', issuer: '1754301', dollarVolume: 9e7 },
      { symbol: 'MSFT', issuer: '789019', dollarVolume: 9e9 },
      { symbol: 'ASML', issuer: '', dollarVolume: 1e9 },
      { symbol: 'ARM', issuer: '', dollarVolume: 1e9 },
    ]);
    expect(Object.fromEntries(m)).toEqual({ GOOG: 'GOOGL', FOX: 'FOXA' });
  });
});

describe('sharesValidFrom', () => {
  it('starts the share count after the last move beyond 3x (KDP closes around its 2018 merger)', () => {
    const dates = ['2018-07-06', '2018-07-09', '2018-07-10', '2018-07-11', '2018-07-12'];
    expect(sharesValidFrom(dates, [120.1, 119.8, 21.9, 22.3, 22.0])).toBe('2018-07-10');
    expect(sharesValidFrom(dates, [10, 30.1, 30, 9.9, 10.1])).toBe('2018-07-11'); // the later of two breaks
    expect(sharesValidFrom(dates, [10, 29.9, 30, 10.1, 10.2])).toBeUndefined(); // within 3x: continuous
  });
});
