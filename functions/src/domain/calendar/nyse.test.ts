import { describe, expect, it } from 'vitest';
import { easterSunday, thirdFriday, weekdayIndex } from './dates.ts';
import {
  isTradingDay,
  nextTradingDay,
  nyseCloseTime,
  nyseEarlyCloses,
  nyseHolidays,
  tradingDaysBetween,
} from './nyse.ts';

/*
 * Published NYSE calendars (nyse.com/markets/hours-calendars, "Holidays & Trading Hours"):
 *  - 2022 and 2023-2024: the tables on that page (2022 has no New Year's holiday: Jan 1 was a Saturday);
 *  - 2025-2027: NYSE Group press release "NYSE Group Announces 2025, 2026 and 2027 Holiday and Early
 *    Closings Calendar" (2024-11-08), plus the one-off closure of 2025-01-09 (national day of mourning
 *    for President Carter, announced in late December 2024);
 *  - 2028: "NYSE Group Announces 2026, 2027 and 2028 Holiday and Early Closings Calendar" (2025-12-23),
 *    which notes that New Year's Day 2028 (a Saturday) is not observed.
 */
const PUBLISHED_HOLIDAYS: Record<number, string[]> = {
  2022: [
    '2022-01-17',
    '2022-02-21',
    '2022-04-15',
    '2022-05-30',
    '2022-06-20',
    '2022-07-04',
    '2022-09-05',
    '2022-11-24',
    '2022-12-26',
  ],
  2023: [
    '2023-01-02',
    '2023-01-16',
    '2023-02-20',
    '2023-04-07',
    '2023-05-29',
    '2023-06-19',
    '2023-07-04',
    '2023-09-04',
    '2023-11-23',
    '2023-12-25',
  ],
  2024: [
    '2024-01-01',
    '2024-01-15',
    '2024-02-19',
    '2024-03-29',
    '2024-05-27',
    '2024-06-19',
    '2024-07-04',
    '2024-09-02',
    '2024-11-28',
    '2024-12-25',
  ],
  2025: [
    '2025-01-01',
    '2025-01-09',
    '2025-01-20',
    '2025-02-17',
    '2025-04-18',
    '2025-05-26',
    '2025-06-19',
    '2025-07-04',
    '2025-09-01',
    '2025-11-27',
    '2025-12-25',
  ],
  2026: [
    '2026-01-01',
    '2026-01-19',
    '2026-02-16',
    '2026-04-03',
    '2026-05-25',
    '2026-06-19',
    '2026-07-03',
    '2026-09-07',
    '2026-11-26',
    '2026-12-25',
  ],
  2027: [
    '2027-01-01',
    '2027-01-18',
    '2027-02-15',
    '2027-03-26',
    '2027-05-31',
    '2027-06-18',
    '2027-07-05',
    '2027-09-06',
    '2027-11-25',
    '2027-12-24',
  ],
  2028: [
    '2028-01-17',
    '2028-02-21',
    '2028-04-14',
    '2028-05-29',
    '2028-06-19',
    '2028-07-04',
    '2028-09-04',
    '2028-11-23',
    '2028-12-25',
  ],
};

// Early closes (13:00) from the same sources: July 3, the day after Thanksgiving, Christmas Eve.
const PUBLISHED_EARLY_CLOSES: Record<number, string[]> = {
  2023: ['2023-07-03', '2023-11-24'],
  2024: ['2024-07-03', '2024-11-29', '2024-12-24'],
  2025: ['2025-07-03', '2025-11-28', '2025-12-24'],
  2026: ['2026-11-27', '2026-12-24'],
  2027: ['2027-11-26'],
};

describe('NYSE holidays by rule', () => {
  it.each(Object.entries(PUBLISHED_HOLIDAYS))('%s matches the published full-day closures', (year, dates) => {
    expect([...nyseHolidays(+year).keys()]).toEqual(dates);
  });

  it('names the observed days', () => {
    expect(nyseHolidays(2027).get('2027-06-18')).toBe('Juneteenth National Independence Day');
    expect(nyseHolidays(2026).get('2026-07-03')).toBe('Independence Day');
    expect(nyseHolidays(2025).get('2025-01-09')).toBe('National day of mourning for President Carter');
  });

  it('has no Juneteenth before 2022 and keeps the year-end open when New Year falls on a Saturday', () => {
    expect(isTradingDay('2021-06-18')).toBe(true);
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(isTradingDay('2027-12-31')).toBe(true);
  });

  it('is not every weekday past 2026', () => {
    expect(isTradingDay('2030-12-25')).toBe(false);
    expect(isTradingDay('2031-04-11')).toBe(false); // Good Friday 2031 (Easter 2031-04-13)
    expect(tradingDaysBetween('2031-01-01', '2031-12-31').length).toBeLessThan(253);
  });

  it('counts the known number of NYSE sessions (2023: 250, 2024: 252)', () => {
    expect(tradingDaysBetween('2023-01-01', '2023-12-31')).toHaveLength(250);
    expect(tradingDaysBetween('2024-01-01', '2024-12-31')).toHaveLength(252);
  });

  it('knows holidays and weekends', () => {
    expect(isTradingDay('2024-03-29')).toBe(false); // Good Friday
    expect(isTradingDay('2024-03-09')).toBe(false); // Saturday
    expect(isTradingDay('2024-03-08')).toBe(true);
    expect(isTradingDay('2023-06-19')).toBe(false); // Juneteenth
    expect(nextTradingDay('2025-01-08')).toBe('2025-01-10');
  });
});

describe('NYSE early closes', () => {
  it.each(Object.entries(PUBLISHED_EARLY_CLOSES))('%s matches the published 13:00 closes', (year, dates) => {
    expect(nyseEarlyCloses(+year)).toEqual(dates);
  });

  it('closes 2028-07-03 early (announced 2025-12-23)', () => {
    expect(nyseEarlyCloses(2028)).toContain('2028-07-03');
  });

  it('gives the closing time of a session', () => {
    expect(nyseCloseTime('2024-11-29')).toBe('13:00');
    expect(nyseCloseTime('2024-11-27')).toBe('16:00');
    expect(nyseCloseTime('2024-11-28')).toBeNull();
  });
});

describe('calendar arithmetic', () => {
  it('Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25'); // the latest possible date
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
