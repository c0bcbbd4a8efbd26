import { describe, expect, it } from 'vitest';
import {
  isTradingDay,
  previousSettlementDate,
  settlementIndex,
  shortInterestSettlementDates,
  thirdFriday,
  tradingDaysBetween,
  weekdayIndex,
} from './market-calendar.ts';

describe('NYSE calendar', () => {
  it('counts the known number of NYSE sessions (2023: 250, 2024: 252)', () => {
    expect(tradingDaysBetween('2023-01-01', '2023-12-31')).toHaveLength(250);
    expect(tradingDaysBetween('2024-01-01', '2024-12-31')).toHaveLength(252);
  });

  it('knows holidays and weekends', () => {
    expect(isTradingDay('2024-03-29')).toBe(false); // Good Friday
    expect(isTradingDay('2024-03-09')).toBe(false); // Saturday
    expect(isTradingDay('2024-03-08')).toBe(true);
    expect(isTradingDay('2023-06-19')).toBe(false); // Juneteenth
  });

  it('third Fridays', () => {
    expect(thirdFriday(2024, 3)).toBe('2024-03-15');
    expect(thirdFriday(2024, 12)).toBe('2024-12-20');
    expect(thirdFriday(2025, 4)).toBe('2025-04-18');
  });

  it('weekdayIndex advances by one per weekday and holds over weekends', () => {
    expect(weekdayIndex('2024-03-08') - weekdayIndex('2024-03-07')).toBe(1);
    expect(weekdayIndex('2024-03-11') - weekdayIndex('2024-03-08')).toBe(1);
    expect(weekdayIndex('2024-03-09')).toBe(weekdayIndex('2024-03-08'));
  });
});

describe('shortInterestSettlementDates', () => {
  // Settlement dates as published in Nasdaq's short-interest press releases (GlobeNewswire):
  // e.g. "settlement date of February 29, 2024 ... prior settlement date of February 15, 2024",
  // "December 29, 2023 ... December 15, 2023", "January 12, 2024" (15th = MLK Day),
  // "March 28, 2024" (29th = Good Friday), "November 30, 2023", "May 15, 2024", "August 15, 2024".
  const published = [
    '2023-11-30', '2023-12-15', '2023-12-29', '2024-01-12', '2024-01-31', '2024-02-15', '2024-02-29',
    '2024-03-15', '2024-03-28', '2024-04-15', '2024-04-30', '2024-05-15', '2024-07-31', '2024-08-15',
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
