import { describe, expect, it } from 'vitest';
import { isTradingDay } from './nyse.ts';
import { previousSettlementDate, settlementIndex, shortInterestSettlementDates } from './short-interest-settlement.ts';

describe('shortInterestSettlementDates', () => {
  // Settlement dates as published in Nasdaq's short-interest press releases (GlobeNewswire):
  // e.g. "settlement date of February 29, 2024 ... prior settlement date of February 15, 2024",
  // "December 29, 2023 ... December 15, 2023", "January 12, 2024" (15th = MLK Day),
  // "March 28, 2024" (29th = Good Friday), "November 30, 2023", "May 15, 2024", "August 15, 2024".
  const published = [
    '2023-11-30',
    '2023-12-15',
    '2023-12-29',
    '2024-01-12',
    '2024-01-31',
    '2024-02-15',
    '2024-02-29',
    '2024-03-15',
    '2024-03-28',
    '2024-04-15',
    '2024-04-30',
    '2024-05-15',
    '2024-07-31',
    '2024-08-15',
  ];
  const all = shortInterestSettlementDates('2023-01-01', '2024-12-31');

  it('matches the published dates', () => {
    for (const d of published) expect(all).toContain(d);
  });

  it('has two settlements a month, all trading days, in order', () => {
    expect(all).toHaveLength(48);
    expect(all.every(isTradingDay)).toBe(true);
    expect([...all].sort()).toEqual(all);
    expect(all.slice(0, 4)).toEqual(['2023-01-13', '2023-01-31', '2023-02-15', '2023-02-28']);
  });

  it('24 settlements end at 2024-02-29 for the demo clock 2024-03-08', () => {
    const demo = shortInterestSettlementDates('2022-01-01', '2024-03-08').slice(-24);
    expect(demo[0]).toBe('2023-03-15');
    expect(demo.at(-1)).toBe('2024-02-29');
  });

  it('settlement index and previous date chain consecutively', () => {
    for (let i = 1; i < all.length; i += 1) {
      expect(settlementIndex(all[i] ?? '')).toBe(settlementIndex(all[i - 1] ?? '') + 1);
      expect(previousSettlementDate(all[i] ?? '')).toBe(all[i - 1]);
    }
  });
});
